/**
 * `npm test`: the storefront and back office are built, then the unit and API tests (Vitest) and
 * the browser journeys (Playwright in Chromium, against the built shop served by the API on a real
 * port) run side by side: the journeys mostly wait on the browser and the network, the Vitest
 * run mostly computes, so together they take little more than the journeys alone
 * (docs/benchmarks.md "CI: where the minutes go"). `TEST_ONE_AT_A_TIME=1` runs them in turn.
 * Each line of a run is printed with its name; a run that fails fails the command.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const seconds = (since: number) => Math.round((performance.now() - since) / 1000);

function runNow(title: string, command: string, args: string[]): void {
  console.log(`\n▶ ${title}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds(started)} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`⏱ ${title}: ${seconds(started)} s`);
}

/**
 * The lines that name a failure: Vitest's `FAIL` and `×` lines, Playwright's `✘` lines and its
 * numbered failures. They are printed again at the end, where a log read from its tail shows them.
 */
const FAILURE_LINE =
  /^\s*(FAIL\b|×|✘)|^\s+\d+\) \[|^\s+(Test Files|Tests)\s.*failed|^\s+\d+ (failed|flaky)$/;
const failures: string[] = [];

/** Runs a command with each line of its output named by `tag`; answers its exit code. */
function runTagged(title: string, tag: string, command: string, args: string[]): Promise<number> {
  console.log(`▶ ${title}`);
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    // the child writes to a pipe: colours only when this command itself writes to a terminal
    env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' }) },
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      console.log(`[${tag}] ${line}`);
      if (FAILURE_LINE.test(line)) failures.push(`[${tag}] ${line}`);
    });
  }
  return new Promise((done) => {
    child.on('close', (code) => {
      const status = code ?? 1;
      console.log(
        status === 0
          ? `⏱ ${title}: ${seconds(started)} s`
          : `✖ ${title} failed after ${seconds(started)} s`,
      );
      done(status);
    });
  });
}

console.log(`Bozor tests on Node ${process.version}`);
runNow('Storefront build', 'npm', ['run', 'build', '-w', 'apps/web']);
runNow('Back office build', 'npm', ['run', 'build', '-w', 'apps/admin']);

const unit = () => runTagged('Unit and API tests', 'unit', bin('vitest'), ['run']);
const journeys = () =>
  runTagged('Browser journeys', 'journeys', bin('playwright'), [
    'test',
    '-c',
    'apps/web/playwright.config.ts',
  ]);

const started = performance.now();
const codes =
  process.env.TEST_ONE_AT_A_TIME === '1'
    ? [await unit(), await journeys()]
    : await Promise.all([unit(), journeys()]);
console.log(`⏱ unit, API tests and journeys: ${seconds(started)} s`);
if (codes.some((code) => code !== 0)) {
  console.log('\nWhat failed:');
  // a failing test is named once per attempt and again in the summary: each line once
  for (const line of new Set(failures)) console.log(line);
  process.exit(1);
}
