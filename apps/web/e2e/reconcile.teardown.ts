import { addDays, tashkentDay } from '@bozor/shared';

/** The back office token the journeys' server is started with (OPS_TOKEN). */
export const E2E_OPS_TOKEN = 'e2e-ops-token-for-the-journey-server-000000';

interface Report {
  data: { day: string; mismatches: { kind: string; detail: string }[] };
}

/**
 * After every journey, the gateway's books and the shop's payments and ledger must agree: the
 * days the run touched (it may cross midnight in Tashkent) are compared, and any mismatch fails
 * the run.
 */
export default async function reconcileJourneys(): Promise<void> {
  const port = Number(process.env.E2E_PORT ?? 3100);
  const today = tashkentDay(new Date());
  const problems: string[] = [];
  for (const day of [addDays(today, -1), today]) {
    const answer = await fetch(`http://localhost:${port}/api/admin/reconciliation/${day}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` },
    });
    if (!answer.ok) throw new Error(`reconciliation of ${day} answered ${answer.status}`);
    const { data } = (await answer.json()) as Report;
    problems.push(...data.mismatches.map((m) => `${day} ${m.kind}: ${m.detail}`));
  }
  if (problems.length > 0) {
    throw new Error(
      `the journeys left the gateway and the shop disagreeing:\n${problems.join('\n')}`,
    );
  }
}
