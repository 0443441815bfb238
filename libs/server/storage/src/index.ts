export * from './storage.service';
export * from './storage.module';
