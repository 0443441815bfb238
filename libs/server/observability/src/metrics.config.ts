import { isIP } from 'net';
import { ConfigError, defineConfigSection } from '@solvr/server-core';

/**
 * METRICS_PORT: a listener of its own for GET /metrics (Prometheus), never the site's port; unset, none is opened.
 * METRICS_HOST: its interface, loopback unless set (Kubernetes: 0.0.0.0, so Prometheus reaches the pod; the Service
 * and Ingress do not expose that port).
 */
export const metricsConfig = defineConfigSection('metrics', (env, core) => {
  const port = env.str('METRICS_PORT') === undefined ? null : env.int('METRICS_PORT', 0, 0, 65535);
  if (port !== null && port !== 0 && port === core.port) throw new ConfigError('METRICS_PORT', `must differ from PORT (${core.port}): /metrics is not served on the public port`);
  const host = env.str('METRICS_HOST') ?? '127.0.0.1';
  if (!isIP(host) && host !== 'localhost') throw new ConfigError('METRICS_HOST', `expected an IP address such as 127.0.0.1 or 0.0.0.0, got "${host}"`);
  return { port, host };
});
export type MetricsConfig = ReturnType<typeof metricsConfig.read>;
