export * from './site-renderer';
export * from './site.module';
export * from './serve-web';
