import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import type { Metric, Registry } from 'prom-client';

/** Upper bounds (seconds) of the latency buckets: a public read takes about a millisecond, an upload minutes. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** The route label of requests no route matched: never the URL, which anyone can vary. */
export const UNMATCHED = 'unmatched';

/** One method x route pattern x status: its labels made once, then only numbers change. */
class Series {
  count = 0;
  sum = 0;
  /** Observations per bucket (not cumulative; summed when scraped); the last slot is over the largest bound. */
  readonly buckets = new Float64Array(LATENCY_BUCKETS.length + 1);
  constructor(readonly labels: { method: string; route: string; status: string }) {}
}

type Value = { labels: Record<string, string | number>; value: number; metricName?: string };

/**
 * Request count and latency by method, route pattern and status. Each route gets its own onResponse hook when it is
 * registered, holding its series by status: a request costs a map lookup and a few additions, allocates nothing
 * once its series exists, and the route is the pattern Fastify matched. prom-client's own Histogram hashes the
 * label values on every call; these series are read only when Prometheus scrapes.
 */
export class HttpMetrics {
  private readonly series: Series[] = [];

  constructor(private readonly prefix = 'solvr_http_') {}

  /** Before any route is registered (configureHttp calls it next to the request log). */
  attach(fastify: FastifyInstance): void {
    fastify.addHook('onRoute', (route) => {
      const method = Array.isArray(route.method) ? route.method.join(',') : String(route.method);
      const byStatus = new Map<number, Series>();
      const record: onResponseHookHandler = (_req, reply, done) => {
        this.observe(byStatus, method, route.url, reply.statusCode, reply.elapsedTime);
        done();
      };
      const own = route.onResponse;
      route.onResponse = own ? [...(Array.isArray(own) ? own : [own]), record] : record;
    });
    const unmatched = new Map<string, Map<number, Series>>();
    fastify.addHook('onResponse', (req, reply, done) => {
      if (req.is404) {
        let byStatus = unmatched.get(req.method);
        if (!byStatus) unmatched.set(req.method, (byStatus = new Map()));
        this.observe(byStatus, req.method, UNMATCHED, reply.statusCode, reply.elapsedTime);
      }
      done();
    });
  }

  private observe(byStatus: Map<number, Series>, method: string, route: string, status: number, elapsedMs: number): void {
    let s = byStatus.get(status);
    if (!s) {
      s = new Series({ method, route, status: String(status) });
      byStatus.set(status, s);
      this.series.push(s);
    }
    const seconds = elapsedMs / 1000;
    s.count++;
    s.sum += seconds;
    let i = 0;
    while (i < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[i]) i++;
    s.buckets[i]++;
  }

  /** Registers the two metrics (read at scrape time) with a prom-client registry. */
  register(registry: Registry): void {
    const requests = `${this.prefix}requests_total`;
    const duration = `${this.prefix}request_duration_seconds`;
    const metric = (name: string, help: string, type: 'counter' | 'histogram', values: () => Value[]) =>
      ({ name, help, type, aggregator: 'sum', get: async () => ({ name, help, type, aggregator: 'sum', values: values() }) }) as unknown as Metric;
    registry.registerMetric(metric(requests, 'HTTP requests answered, by method, route pattern and status.', 'counter', () => this.series.map((s) => ({ labels: s.labels, value: s.count }))));
    registry.registerMetric(
      metric(duration, 'Time from request to the end of the answer, by method, route pattern and status.', 'histogram', () =>
        this.series.flatMap((s) => {
          let cumulative = 0;
          const values: Value[] = LATENCY_BUCKETS.map((le, i) => ({ metricName: `${duration}_bucket`, labels: { ...s.labels, le }, value: (cumulative += s.buckets[i]) }));
          values.push({ metricName: `${duration}_bucket`, labels: { ...s.labels, le: '+Inf' }, value: s.count });
          values.push({ metricName: `${duration}_sum`, labels: s.labels, value: s.sum }, { metricName: `${duration}_count`, labels: s.labels, value: s.count });
          return values;
        }),
      ),
    );
  }
}
