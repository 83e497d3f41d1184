/**
 * `npm start`: builds the storefront and the back office when their sources are newer than their
 * last build, then runs the server, which migrates the database and seeds the demo catalogue on
 * first run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
/** Each app's build, and the sources it is made from (the shared contract is in both). */
const apps = [
  {
    name: 'storefront',
    workspace: 'apps/web',
    // the browser's build and the server's renderer of the same sources
    builds: ['apps/web/dist/index.html', 'apps/web/dist-server/entry-server.js'],
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/public',
      'packages/shared/src',
    ],
  },
  {
    name: 'back office',
    workspace: 'apps/admin',
    builds: ['apps/admin/dist/index.html'],
    sources: [
      'apps/admin/src',
      'apps/admin/index.html',
      'apps/admin/vite.config.ts',
      'packages/shared/src',
    ],
  },
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
for (const app of apps) {
  const builds = app.builds.map((file) => join(root, file));
  const builtAt = builds.every((file) => existsSync(file))
    ? Math.min(...builds.map((file) => statSync(file).mtimeMs))
    : 0;
  if (app.sources.some((s) => newestChange(join(root, s)) > builtAt)) {
    console.log(`Bozor: building the ${app.name}…`);
    // a production build whatever NODE_ENV the server runs with: Vite takes NODE_ENV=development
    // from the environment and would bundle React's development build (twice the JavaScript)
    execFileSync('npm', ['run', 'build', '-w', app.workspace], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
}

process.chdir(root);
await import('../apps/api/src/server.ts');
