/**
 * `npm test`: unit and API tests (Vitest), then the browser journeys (Playwright in Chromium)
 * against the freshly built storefront served by the API on a real port.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules/.bin', name);

function run(title: string, command: string, args: string[]): void {
  console.log(`\n▶ ${title}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = Math.round((performance.now() - started) / 1000);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`⏱ ${title}: ${seconds} s`);
}

console.log(`Bozor tests on Node ${process.version}`);
run('Unit and API tests', bin('vitest'), ['run']);
run('Storefront build', 'npm', ['run', 'build', '-w', 'apps/web']);
run('Back office build', 'npm', ['run', 'build', '-w', 'apps/admin']);
run('Browser journeys', bin('playwright'), ['test', '-c', 'apps/web/playwright.config.ts']);
