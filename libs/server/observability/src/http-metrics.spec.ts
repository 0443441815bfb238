import Fastify from 'fastify';
import { Registry } from 'prom-client';
import { HttpMetrics, UNMATCHED } from './http-metrics';

async function served() {
  const fastify = Fastify();
  const metrics = new HttpMetrics();
  metrics.attach(fastify);
  fastify.get('/api/files/:id', async (req) => ({ id: (req.params as { id: string }).id }));
  fastify.post('/api/things', async (_req, reply) => reply.code(201).send({}));
  await fastify.ready();
  const registry = new Registry();
  metrics.register(registry);
  return { fastify, registry };
}

describe('request metrics', () => {
  it('count each request by method, route pattern and status, never by its URL', async () => {
    const { fastify, registry } = await served();
    for (const id of ['a1', 'b2', 'c3']) await fastify.inject({ method: 'GET', url: `/api/files/${id}?secret=x` });
    await fastify.inject({ method: 'POST', url: '/api/things' });
    await fastify.inject({ method: 'GET', url: '/wp-login.php' });
    const text = await registry.metrics();
    expect(text).toContain('solvr_http_requests_total{method="GET",route="/api/files/:id",status="200"} 3');
    expect(text).toContain('solvr_http_requests_total{method="POST",route="/api/things",status="201"} 1');
    expect(text).toContain(`solvr_http_requests_total{method="GET",route="${UNMATCHED}",status="404"} 1`);
    expect(text).not.toMatch(/a1|secret|wp-login/);
    await fastify.close();
  });

  it('keep a cumulative latency histogram per series', async () => {
    const { fastify, registry } = await served();
    await fastify.inject({ method: 'GET', url: '/api/files/a' });
    await fastify.inject({ method: 'GET', url: '/api/files/b' });
    const lines = (await registry.metrics()).split('\n').filter((l) => l.startsWith('solvr_http_request_duration_seconds') && l.includes('/api/files/:id'));
    const buckets = lines.filter((l) => l.includes('_bucket')).map((l) => Number(l.split(' ').pop()));
    expect(buckets.length).toBeGreaterThan(10);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    expect(buckets[buckets.length - 1]).toBe(2);
    expect(lines).toContainEqual(expect.stringMatching(/^solvr_http_request_duration_seconds_count\{.*\} 2$/));
    expect(lines).toContainEqual(expect.stringMatching(/^solvr_http_request_duration_seconds_sum\{.*\} [\d.e-]+$/));
    await fastify.close();
  });
});
