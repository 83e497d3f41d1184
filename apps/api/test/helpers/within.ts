/**
 * Asks until `ask` holds, failing after `ms`; returns how long it took. For what another
 * connection announces (catalogue changes), which arrives a moment after the write commits.
 */
export async function within(ms: number, ask: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await ask())) {
    if (Date.now() - started > ms) throw new Error(`not seen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - started;
}
