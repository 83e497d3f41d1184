/**
 * After every journey, one scrape of `/metrics` from this machine (the address `METRICS_ALLOW`
 * lets in by default) shows what an operator watches, each family counting what the journeys did:
 * answers by route, the response cache, payments, text messages, card gateway calls, the event
 * loop, scheduled jobs and the search index. In CI a family missing or still at zero fails the run.
 */
export default async function scrapeAfterJourneys(): Promise<void> {
  const port = Number(process.env.E2E_PORT ?? 3100);
  const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (!answer.ok) throw new Error(`/metrics answered ${answer.status} from loopback`);
  const text = await answer.text();
  /** The sum of a family's samples whose name and labels match. */
  const sum = (name: string, labels: RegExp = /.*/): number => {
    let total = 0;
    for (const line of text.split('\n')) {
      const match = /^([a-z_:]+)(\{[^}]*\})? ([-+0-9.eE]+|NaN)$/.exec(line);
      if (match?.[1] === name && labels.test(match[2] ?? '')) total += Number(match[3]);
    }
    return total;
  };
  const expected: [string, number][] = [
    ['answers (http_request_duration_seconds_count)', sum('http_request_duration_seconds_count')],
    ['response cache hits', sum('bozor_response_cache_requests_total', /result="hit"/)],
    ['response cache misses', sum('bozor_response_cache_requests_total', /result="miss"/)],
    ['paid payments (bozor_payments)', sum('bozor_payments', /state="paid"/)],
    ['text messages sent (bozor_sms_total)', sum('bozor_sms_total', /outcome="sent"/)],
    ['card gateway calls (bozor_gateway_calls_total)', sum('bozor_gateway_calls_total')],
    [
      'event loop delay (nodejs_eventloop_lag_max_seconds)',
      sum('nodejs_eventloop_lag_max_seconds'),
    ],
    ['job runs (bozor_job_runs_total)', sum('bozor_job_runs_total', /outcome="done"/)],
    ['products in the search index', sum('bozor_search_index_products')],
  ];
  const zero = expected.filter(([, value]) => !(value > 0)).map(([what]) => what);
  if (zero.length === 0) return;
  const problem = `after the journeys /metrics shows nothing for: ${zero.join(', ')}`;
  // a run of a few journeys (a developer's) need not pay or send a message: only the whole suite
  // in CI must show every family
  if (process.env.CI) throw new Error(problem);
  console.warn(problem);
}
