import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { steadyLoad } from '../lib/steady-load.ts';

/** A server answering after `delay` ms, counting the requests each connection carried. */
async function start(
  delay: number,
): Promise<{ server: Server; base: string; perConnection: number[] }> {
  const counts = new Map<object, number>();
  const server = createServer((req, res) => {
    counts.set(req.socket, (counts.get(req.socket) ?? 0) + 1);
    setTimeout(() => res.end(req.url === '/missing' ? '' : 'ok'), delay);
    if (req.url === '/missing') res.statusCode = 404;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    base: `http://127.0.0.1:${port}`,
    get perConnection() {
      return [...counts.values()];
    },
  };
}

describe('steady load', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.close();
    server = undefined;
  });

  it('sends the asked rate over every connection in turn, each opened before the clock starts', async () => {
    const s = await start(2);
    server = s.server;
    const measured = await steadyLoad(s.base, ['/a', '/b'], {
      rate: 200,
      duration: 1,
      connections: 4,
    });
    expect(measured.failed).toBe(0);
    expect(measured.rps).toBeGreaterThan(150);
    expect(measured.p50).toBeGreaterThanOrEqual(2);
    expect(measured.max).toBeGreaterThanOrEqual(measured.p99);
    // 4 opening requests and 200 timed ones, a quarter each (a pool taking its first free
    // connection would send nearly all of them over the first)
    const counts = s.perConnection;
    expect(counts).toHaveLength(4);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(204);
    for (const n of counts) expect(n).toBeGreaterThanOrEqual(40);
  });

  it('tells how late its own stalls sent the requests, and counts them in the times', async () => {
    const s = await start(0);
    server = s.server;
    // this process stalls for 150 ms in the middle of the run
    setTimeout(() => {
      const until = performance.now() + 150;
      while (performance.now() < until) {}
    }, 250);
    const measured = await steadyLoad(s.base, ['/a'], { rate: 200, duration: 0.6, connections: 2 });
    expect(measured.lateMax).toBeGreaterThanOrEqual(140);
    expect(measured.lateP99).toBeLessThanOrEqual(measured.lateMax);
    expect(measured.max).toBeGreaterThanOrEqual(measured.lateMax);
  });

  it('counts an answer other than 200 as failed', async () => {
    const s = await start(0);
    server = s.server;
    const measured = await steadyLoad(s.base, ['/missing', '/a'], {
      rate: 100,
      duration: 0.2,
      connections: 2,
    });
    expect(measured.failed).toBe(10);
  });
});
