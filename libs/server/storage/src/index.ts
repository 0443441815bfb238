export * from './storage.service';
export * from './storage.module';
export * from './storage.config';
