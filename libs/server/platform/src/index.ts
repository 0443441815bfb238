export * from './platform.config';
export * from './platform.module';
export * from './q-filter';
