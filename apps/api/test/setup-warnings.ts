/**
 * A query sent on a connection still busy with another (queries run side by side inside one
 * transaction) is queued by pg today and refused by its next major version, which says so once
 * per process: the test that does it fails here instead of passing with a line in the log.
 */
const WATCHED = Symbol.for('bozor.test.queryWarnings');
const state = globalThis as { [WATCHED]?: true };
if (!state[WATCHED]) {
  state[WATCHED] = true;
  process.on('warning', (warning) => {
    if (warning.message.includes('already executing a query')) throw warning;
  });
}
