import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';
import { InjectConfig } from '@solvr/server-core';
import type { HttpMetrics } from './http-metrics';
import { Metrics } from './metrics';
import { metricsConfig, type MetricsConfig } from './metrics.config';

/**
 * GET /metrics on METRICS_HOST:METRICS_PORT, a listener apart from the site's: the Ingress and the Service never
 * reach it, and nothing is served or measured per request unless METRICS_PORT is set.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsServer.name);
  private server?: Server;

  constructor(
    private readonly metrics: Metrics,
    @InjectConfig(metricsConfig) private readonly config: MetricsConfig,
  ) {}

  get enabled(): boolean {
    return this.config.port !== null;
  }

  /** The request counters for configureHttp to attach, when metrics are served. */
  requestMetrics(): HttpMetrics | undefined {
    return this.enabled ? this.metrics.http : undefined;
  }

  /** The port it listens on (METRICS_PORT=0: a free one), once started. */
  port(): number | undefined {
    return (this.server?.address() as AddressInfo | null)?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.port === null || this.server) return;
    this.metrics.collectDefaults();
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
        return;
      }
      this.metrics.text().then(
        ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(body),
        (err: Error) => {
          this.logger.error(`Could not collect the metrics: ${err.stack ?? err.message}`);
          res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Could not collect the metrics\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.port as number, this.config.host, () => resolve());
    });
    this.server = server;
    this.logger.log(`Metrics on http://${this.config.host}:${this.port()}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
