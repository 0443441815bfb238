export * from './audit.module';
export * from './audit.service';
export * from './audit-entry.entity';
export * from './migrations';
