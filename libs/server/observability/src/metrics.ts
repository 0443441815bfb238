import { Injectable, Logger } from '@nestjs/common';
import type { ServerResponse } from 'http';
import type { Readable } from 'stream';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { withTimeout } from '@solvr/server-core';
import { HttpMetrics } from './http-metrics';

/** What a gauge read at scrape time answers: one value, or one per label set. */
export type GaugeReading = number | Array<[labels: Record<string, string>, value: number]>;

/** A scrape waits this long for a gauge's query (a database that is down must not hang Prometheus). */
const READ_TIMEOUT_MS = 2000;

/**
 * The api's Prometheus metrics, in a registry of its own (each app of a test run has one). The features count their
 * events here (sign-in failures, throttles, download bytes) and register gauges that read their state when
 * Prometheus scrapes, never on a request.
 */
@Injectable()
export class Metrics {
  private readonly logger = new Logger(Metrics.name);
  readonly registry = new Registry();
  readonly http = new HttpMetrics();
  private defaultsOn = false;

  readonly signInFailures = new Counter({
    name: 'solvr_signin_failures_total',
    help: 'Refused sign-ins (wrong e-mail or password), by action: login (site and platform) or password (change).',
    labelNames: ['action'] as const,
    registers: [this.registry],
  });
  readonly throttled = new Counter({
    name: 'solvr_throttled_total',
    help: 'Attempts refused with 429, by action (login, signup, resend, reset, password) and budget (ip or account).',
    labelNames: ['action', 'scope'] as const,
    registers: [this.registry],
  });
  readonly downloadBytes = new Counter({
    name: 'solvr_download_bytes_total',
    help: 'Bytes of stored files the api sent itself (downloads, ranges included; those it hands to S3 or nginx are not here).',
    registers: [this.registry],
  });
  readonly downloadHandoffs = new Counter({
    name: 'solvr_download_handoffs_total',
    help: 'Downloads the api handed to another server to send: s3 (presigned link) or accel (nginx X-Accel-Redirect).',
    labelNames: ['via'] as const,
    registers: [this.registry],
  });

  constructor() {
    this.http.register(this.registry);
  }

  /** Node's own metrics (event-loop lag, heap, GC, CPU): their timers run only where metrics are served. */
  collectDefaults(): void {
    if (this.defaultsOn) return;
    this.defaultsOn = true;
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
  }

  /** A gauge whose value `read` works out when scraped; a read that fails or hangs leaves it out of that scrape. */
  gauge(name: string, help: string, labelNames: string[], read: () => Promise<GaugeReading>): void {
    const logger = this.logger;
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          const reading = await withTimeout(read(), READ_TIMEOUT_MS, `${name} was not read within ${READ_TIMEOUT_MS} ms`);
          if (typeof reading === 'number') this.set(reading);
          else for (const [labels, value] of reading) this.set(labels, value);
        } catch (err) {
          logger.warn(`Metric ${name} left out of this scrape: ${(err as Error).message}`);
        }
      },
    });
  }

  /**
   * Counts a stored file's bytes as its answer ends: all of them when it finished, else what was read of the file
   * by then (a download cut short; at most a read buffer more than reached the client).
   */
  countDownload(res: ServerResponse, length: number, body: Readable): void {
    res.once('close', () => this.downloadBytes.inc(res.writableFinished ? length : Math.min(length, (body as { bytesRead?: number }).bytesRead ?? 0)));
  }

  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
