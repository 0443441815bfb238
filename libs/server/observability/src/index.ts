export * from './http-metrics';
export * from './metrics';
export * from './metrics-server';
export * from './metrics.config';
export * from './metrics.module';
