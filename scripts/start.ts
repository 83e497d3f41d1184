/**
 * `npm start`: builds the storefront when its sources are newer than the last build, then runs
 * the server, which migrates the database and seeds the demo catalogue on first run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
/** The browser's build and the server's renderer of the same sources. */
const builds = [
  join(root, 'apps/web/dist/index.html'),
  join(root, 'apps/web/dist-server/entry-server.js'),
];
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/shared/src',
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (max, name) => Math.max(max, newestChange(join(path, name))),
    stat.mtimeMs,
  );
}

console.log(`Bozor: starting on Node ${process.version}`);
const builtAt = builds.every((file) => existsSync(file))
  ? Math.min(...builds.map((file) => statSync(file).mtimeMs))
  : 0;
if (sources.some((s) => newestChange(join(root, s)) > builtAt)) {
  console.log('Bozor: building the storefront…');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
}

process.chdir(root);
await import('../apps/api/src/server.ts');
