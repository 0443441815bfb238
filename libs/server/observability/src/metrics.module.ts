import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics';
import { MetricsServer } from './metrics-server';

/** Metrics for every feature to count into (global); the api serves them when METRICS_PORT is set. */
@Global()
@Module({ providers: [Metrics, MetricsServer], exports: [Metrics, MetricsServer] })
export class MetricsModule {}
