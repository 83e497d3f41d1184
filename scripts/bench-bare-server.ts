/**
 * The bare Fastify of `npm run bench:api`: one route answering each path with the bytes the shop
 * answered it with (BARE_BODIES, a JSON file of path → body), in BARE_PROCESSES processes.
 */
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const processes = Number(process.env.BARE_PROCESSES ?? 1);
if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i++) cluster.fork();
} else {
  const file = process.env.BARE_BODIES ?? '';
  const bodies = new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as object));
  const app = Fastify();
  app.get('/readyz', async () => 'ok');
  app.get('/*', (request, reply) => {
    reply.type('application/json; charset=utf-8').send(bodies.get(request.url) ?? '{}');
  });
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
}
