import type { Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * How the API processes share the port. The primary accepts every connection and hands it to the
 * worker holding the fewest open connections (ties in turn). `node:cluster`'s own round robin hands
 * a connection to whichever worker answers its previous handoff first, so a burst of long-lived
 * connections (a proxy's keep-alive pool, a sale's first minute) can leave one worker with half as
 * many again as the other, and its customers wait half as long again: at 50 connections on two
 * workers, split 30 to 20, the slowest uncached category pages (p99) took up to 73 ms; handed out
 * evenly, 32–41 ms.
 */

/** Primary → worker: this socket is yours. Worker → primary: ready for sockets; one closed. */
export const CONNECTION = 'bozor:connection';
export const READY = 'bozor:ready';
export const CLOSED = 'bozor:closed';

/** The part of a cluster worker the balancer uses (a test passes its own). */
export type ConnectionTaker = Pick<Worker, 'send'>;

export interface Balancer {
  /** A worker is ready for connections. */
  add(worker: ConnectionTaker): void;
  /** A worker has stopped: it is handed nothing more. */
  remove(worker: ConnectionTaker): void;
  /** One of the worker's connections has closed. */
  closed(worker: ConnectionTaker): void;
  /** Open connections by worker, in the order they were added. */
  counts(): number[];
  listen(port: number, host: string): Promise<void>;
  /** The port listened on (the one chosen when 0 was asked for). */
  port(): number;
  /** Stops accepting connections; those handed out stay with their workers. */
  close(): void;
}

export function createBalancer(): Balancer {
  const open = new Map<ConnectionTaker, number>();
  let turn = 0;

  const pick = (): ConnectionTaker | undefined => {
    const workers = [...open.keys()];
    let chosen: ConnectionTaker | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < workers.length; i++) {
      const worker = workers[(turn + i) % workers.length] as ConnectionTaker;
      const count = open.get(worker) ?? 0;
      if (count < fewest) {
        chosen = worker;
        fewest = count;
      }
    }
    turn += 1;
    return chosen;
  };

  const release = (worker: ConnectionTaker) => {
    const count = open.get(worker);
    if (count !== undefined && count > 0) open.set(worker, count - 1);
  };

  // paused, so that no byte is read here: the worker reads the whole request
  const server: Server = createServer({ pauseOnConnect: true, noDelay: true }, (socket) => {
    const worker = pick();
    if (!worker) {
      socket.destroy();
      return;
    }
    open.set(worker, (open.get(worker) ?? 0) + 1);
    worker.send(CONNECTION, socket, (error: Error | null) => {
      if (!error) return;
      release(worker);
      socket.destroy();
    });
  });
  // an accept that fails (out of file descriptors) loses that connection, not the primary
  server.on('error', () => {});

  return {
    add: (worker) => {
      if (!open.has(worker)) open.set(worker, 0);
    },
    remove: (worker) => {
      open.delete(worker);
    },
    closed: release,
    counts: () => [...open.values()],
    listen: (port, host) =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      }),
    port: () => {
      const address = server.address();
      return typeof address === 'object' && address ? address.port : 0;
    },
    close: () => {
      // refuses new connections at once; those handed out are the workers' to close
      if (server.listening) server.close();
    },
  };
}

const isSocket = (handle: unknown): handle is Socket =>
  typeof (handle as Socket | undefined)?.resume === 'function';

/**
 * A worker's side: serves the sockets the primary hands it. The app listens on a socket file of
 * its own as well, which nothing else uses, so that Node's HTTP server runs as a listening one
 * (its header and request timeouts, closing idle connections); `drain` then waits, after
 * `app.close()`, until every socket handed over has closed: each in-flight request finishes, and
 * an idle keep-alive connection is closed.
 */
export async function takeConnections(app: FastifyInstance): Promise<{ drain(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let closing = false;
  const path = join(tmpdir(), `bozor-${process.pid}-${randomBytes(4).toString('hex')}.sock`);
  // closing the server removes the file; a worker that exits without closing it (its primary
  // gone, a shutdown past its timeout) removes it on the way out
  process.once('exit', () => rmSync(path, { force: true }));
  await app.listen({
    path,
    // the worker's own: not shared through the primary as a cluster worker's listening would be
    exclusive: true,
    listenTextResolver: () => 'taking connections from the primary',
  });
  process.on('message', (message: unknown, handle: unknown) => {
    if (message !== CONNECTION || !isSocket(handle)) return;
    if (closing) {
      handle.destroy();
      return;
    }
    sockets.add(handle);
    handle.once('close', () => {
      sockets.delete(handle);
      if (process.connected) process.send?.(CLOSED, undefined, undefined, () => {});
    });
    app.server.emit('connection', handle);
    handle.resume();
  });
  process.send?.(READY);
  return {
    drain: async () => {
      closing = true;
      while (sockets.size > 0) {
        app.server.closeIdleConnections();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
