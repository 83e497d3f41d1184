import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Balancer,
  CONNECTION,
  type ConnectionTaker,
  createBalancer,
} from '../src/connections.ts';

/** A worker that keeps each socket it is handed and reads what the client sent on it. */
function fakeWorker() {
  const sockets: Socket[] = [];
  const received: string[] = [];
  const worker = {
    send: ((message: unknown, handle: unknown, callback: (error: Error | null) => void) => {
      expect(message).toBe(CONNECTION);
      const socket = handle as Socket;
      sockets.push(socket);
      socket.on('data', (chunk) => received.push(String(chunk)));
      socket.resume();
      callback(null);
      return true;
    }) as ConnectionTaker['send'],
  };
  return { worker, sockets, received };
}

let balancer: Balancer | undefined;
const clients: Socket[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  balancer?.close();
  balancer = undefined;
});

async function open(port: number, n: number, say = ''): Promise<void> {
  for (let i = 0; i < n; i++) {
    const client = connect(port, '127.0.0.1');
    clients.push(client);
    await once(client, 'connect');
    if (say) client.write(say);
  }
}

async function listening(): Promise<{ balancer: Balancer; port: number }> {
  balancer = createBalancer();
  await balancer.listen(0, '127.0.0.1');
  return { balancer, port: balancer.port() };
}

describe('the primary handing out connections', () => {
  it('gives each new connection to the worker holding the fewest', async () => {
    const { balancer, port } = await listening();
    const [a, b, c] = [fakeWorker(), fakeWorker(), fakeWorker()];
    balancer.add(a.worker);
    balancer.add(b.worker);
    await open(port, 4);
    await vi.waitFor(() => expect(balancer.counts()).toEqual([2, 2]));
    // a third worker joins (a restarted one): it takes the next ones until it has as many
    balancer.add(c.worker);
    await open(port, 2);
    await vi.waitFor(() => expect(balancer.counts()).toEqual([2, 2, 2]));
    expect(c.sockets).toHaveLength(2);
    // two of a's connections close: the next two go to a
    balancer.closed(a.worker);
    balancer.closed(a.worker);
    expect(balancer.counts()).toEqual([0, 2, 2]);
    await open(port, 2);
    await vi.waitFor(() => expect(balancer.counts()).toEqual([2, 2, 2]));
    expect(a.sockets).toHaveLength(4);
    expect(b.sockets).toHaveLength(2);
  });

  it('hands the socket over before reading from it, so the worker gets the whole request', async () => {
    const { balancer, port } = await listening();
    const a = fakeWorker();
    balancer.add(a.worker);
    await open(port, 1, 'GET /api/categories HTTP/1.1\r\nhost: bozor\r\n\r\n');
    await vi.waitFor(() =>
      expect(a.received.join('')).toBe('GET /api/categories HTTP/1.1\r\nhost: bozor\r\n\r\n'),
    );
  });

  it('hands nothing to a worker that has stopped, and closes a connection no worker can take', async () => {
    const { balancer, port } = await listening();
    const [a, b] = [fakeWorker(), fakeWorker()];
    balancer.add(a.worker);
    balancer.add(b.worker);
    balancer.remove(a.worker);
    await open(port, 2);
    await vi.waitFor(() => expect(b.sockets).toHaveLength(2));
    expect(a.sockets).toHaveLength(0);
    balancer.remove(b.worker);
    const orphan = connect(port, '127.0.0.1');
    clients.push(orphan);
    orphan.on('error', () => {});
    await once(orphan, 'close');
  });

  it('fails to listen on a port already taken, with the reason', async () => {
    const { port } = await listening();
    const second = createBalancer();
    await expect(second.listen(port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('stops accepting on close and keeps the connections handed out', async () => {
    const { balancer, port } = await listening();
    const a = fakeWorker();
    balancer.add(a.worker);
    await open(port, 1);
    await vi.waitFor(() => expect(a.sockets).toHaveLength(1));
    balancer.close();
    const late = connect(port, '127.0.0.1');
    clients.push(late);
    const [error] = (await once(late, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');
    expect(a.sockets[0]?.destroyed).toBe(false);
  });
});
