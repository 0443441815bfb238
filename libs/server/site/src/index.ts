export * from './site-renderer';
export * from './site.module';
