import cluster from 'node:cluster';
import { PREPARE_ONLY } from './cluster.ts';
import { ConfigError, loadConfig } from './config.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

// With a PostgreSQL server, WEB_CONCURRENCY processes share the port: this one only forks them
// (cluster.ts) and loads none of the app; a first child prepares the database, then each worker
// runs serve.ts. The embedded database is served by one worker the same way, started with V8
// flags that keep its memory down (a process cannot set them on itself). A single process on
// PostgreSQL prepares the database before it builds the app, whose search index and reference
// data start reading tables at once.
const embedded = !config.databaseUrl;
if (process.env[PREPARE_ONLY] === '1') {
  const { prepareOnly } = await import('./cluster.ts');
  await prepareOnly(config);
} else if (cluster.isPrimary && (config.webConcurrency > 1 || embedded)) {
  const { runPrimary } = await import('./cluster.ts');
  await runPrimary(config);
} else {
  if (cluster.isPrimary) {
    const { prepareOnly } = await import('./cluster.ts');
    await prepareOnly(config);
  }
  const { serve } = await import('./serve.ts');
  await serve(config);
}
