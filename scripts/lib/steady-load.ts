/**
 * Requests at a steady rate, as customers send them: each is due at its own moment (`rate` a
 * second, evenly spaced), whether or not the earlier ones have been answered, over up to
 * `connections` keep-alive connections. A closed loop (autocannon's) waits for an answer before
 * the next request, and its rate limit sends each second's requests in a burst, so it measures the
 * server at its limit; this measures it at a given load.
 *
 * Each request's time counts from the moment it was due, not from when it left: when the server
 * (or this process) stalls, the requests that should have gone meanwhile count the stall, as the
 * customers who sent them would wait it (no coordinated omission).
 *
 * The requests go round the connections, each to the next one free: many customers come over
 * many connections, and a server's processes share connections, not requests. (A pool that
 * always takes its first free connection sends most requests over a few of them, and so to one
 * process, which then answers slower than the shop would.)
 */
import { Client } from 'undici';

export interface SteadyOptions {
  /** Requests a second. */
  rate: number;
  /** Seconds. */
  duration: number;
  connections: number;
}

export interface SteadyMeasured {
  /** Requests answered a second, over the time from the first due moment to the last answer. */
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  failed: number;
  /**
   * How late this process sent its requests (the 99th percentile and the most, ms from each one's
   * due moment): what of the times above is the load's own stall, not the server's.
   */
  lateP99: number;
  lateMax: number;
}

/** The value below which `share` (0–1) of the sorted `values` lie. */
function percentile(sorted: Float64Array, share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] as number;
}

/** Loads `paths` of `base` in turn at `rate` a second; times in ms. */
export async function steadyLoad(
  base: string,
  paths: string[],
  options: SteadyOptions,
): Promise<SteadyMeasured> {
  const { rate, duration, connections } = options;
  const total = Math.round(rate * duration);
  const clients = Array.from({ length: connections }, () => new Client(base, { pipelining: 1 }));
  const busy = new Uint32Array(connections);
  let turn = 0;
  /** The next connection free after the last one used, or the next one when all are busy. */
  const pick = () => {
    for (let tried = 0; tried < connections; tried++) {
      const i = (turn + tried) % connections;
      if (busy[i] === 0) {
        turn = i + 1;
        return i;
      }
    }
    const i = turn % connections;
    turn = i + 1;
    return i;
  };
  // every connection is opened (and answered once) before the clock starts: a shop's customers
  // and its proxy keep theirs open, so opening fifty at once is not what a steady load waits on
  await Promise.all(
    clients.map(async (client, i) => {
      const answer = await client.request({ path: paths[i % paths.length] ?? '/', method: 'GET' });
      await answer.body.dump();
    }),
  );
  const times = new Float64Array(total);
  const late = new Float64Array(total);
  let sent = 0;
  let answered = 0;
  let failed = 0;
  const started = performance.now();
  let allAnswered: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    allAnswered = resolve;
  });
  const send = async (n: number) => {
    const due = started + (n * 1000) / rate;
    late[n] = performance.now() - due;
    const c = pick();
    busy[c] = (busy[c] as number) + 1;
    try {
      const answer = await (clients[c] as Client).request({
        path: paths[n % paths.length] ?? '/',
        method: 'GET',
      });
      await answer.body.dump();
      if (answer.statusCode !== 200) failed += 1;
    } catch {
      failed += 1;
    }
    busy[c] = (busy[c] as number) - 1;
    times[n] = performance.now() - due;
    answered += 1;
    if (answered === total) allAnswered();
  };
  // a timer a millisecond apart sends what has fallen due; spinning would take a core from the
  // server on the same machine
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      while (sent < due) {
        void send(sent);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  if (total > 0) await finished;
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.close()));
  const sorted = times.sort();
  const lateSorted = late.sort();
  return {
    rps: answered / elapsed,
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? 0,
    failed,
    lateP99: percentile(lateSorted, 0.99),
    lateMax: lateSorted[lateSorted.length - 1] ?? 0,
  };
}
