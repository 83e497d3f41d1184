import type { Worker } from 'node:cluster';
import type { Registry } from 'prom-client';

/**
 * How one scrape of /metrics sees the whole cluster. The worker that takes the scrape asks the
 * primary (ASK); the primary asks every worker taking connections for its metrics as JSON
 * (COLLECT, answered with REPORT), adds them up with prom-client's cluster aggregator
 * (`AggregatorRegistry.aggregate`: counters and histograms summed, the database's gauges taken
 * once, the event loop's averaged), and sends the text back (ANSWER). A worker that does not
 * report within the timeout is left out rather than failing the scrape, and
 * `bozor_cluster_workers_reporting` says how many did.
 */
const ASK = 'bozor:metrics:ask';
const COLLECT = 'bozor:metrics:collect';
const REPORT = 'bozor:metrics:report';
const ANSWER = 'bozor:metrics:answer';
const WORKER_TIMEOUT_MS = 3_000;
const SCRAPE_TIMEOUT_MS = 5_000;

interface Message {
  type: string;
  id: number;
  metrics?: unknown;
  text?: string;
  error?: string;
}

const isMessage = (message: unknown, type: string): message is Message =>
  typeof message === 'object' && message !== null && (message as Message).type === type;

/**
 * A worker's side: answers the primary's COLLECT with this registry's metrics, and returns the
 * function /metrics calls to get the cluster's text from the primary.
 */
export function clusterMetricsOfWorker(registry: Registry): () => Promise<string> {
  const waiting = new Map<number, (message: Message) => void>();
  let next = 0;
  process.on('message', (message: unknown) => {
    if (isMessage(message, COLLECT)) {
      void registry.getMetricsAsJSON().then(
        (metrics) => process.send?.({ type: REPORT, id: message.id, metrics }),
        (error: unknown) => process.send?.({ type: REPORT, id: message.id, error: String(error) }),
      );
    } else if (isMessage(message, ANSWER)) {
      waiting.get(message.id)?.(message);
    }
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the primary did not answer with the metrics'));
      }, SCRAPE_TIMEOUT_MS);
      waiting.set(id, (message) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (message.error !== undefined) reject(new Error(message.error));
        else resolve(message.text ?? '');
      });
      process.send?.({ type: ASK, id });
    });
}

/**
 * The primary's side: answers a worker's ASK with the metrics of `workers()` added up. Called
 * with every message the primary receives from a worker; returns whether it was one of these.
 */
export function clusterMetricsOfPrimary(
  workers: () => Worker[],
): (worker: Worker, message: unknown) => boolean {
  const collecting = new Map<number, { reports: unknown[]; pending: number; done: () => void }>();
  let next = 0;

  const gather = (): Promise<unknown[]> =>
    new Promise((resolve) => {
      const id = next++;
      const asked = workers().filter((worker) => worker.isConnected());
      const reports: unknown[] = [];
      const finish = () => {
        if (!collecting.delete(id)) return;
        clearTimeout(timer);
        resolve(reports);
      };
      const timer = setTimeout(finish, WORKER_TIMEOUT_MS);
      collecting.set(id, { reports, pending: asked.length, done: finish });
      if (asked.length === 0) finish();
      for (const worker of asked) worker.send({ type: COLLECT, id });
    });

  return (worker, message) => {
    if (isMessage(message, REPORT)) {
      const entry = collecting.get(message.id);
      if (!entry) return true; // too late: that scrape was answered without it
      if (message.metrics !== undefined) entry.reports.push(message.metrics);
      entry.pending -= 1;
      if (entry.pending <= 0) entry.done();
      return true;
    }
    if (!isMessage(message, ASK)) return false;
    const answer = (reply: Omit<Message, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...reply });
    };
    void (async () => {
      const { AggregatorRegistry } = await import('prom-client');
      const reports = await gather();
      const registry = AggregatorRegistry.aggregate(reports as never);
      const reporting = `# HELP bozor_cluster_workers_reporting API processes whose metrics this scrape adds up\n# TYPE bozor_cluster_workers_reporting gauge\nbozor_cluster_workers_reporting ${reports.length}\n`;
      return `${await registry.metrics()}\n${reporting}`;
    })().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: String(error) }),
    );
    return true;
  };
}
