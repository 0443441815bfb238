export * from './payments.config';
export * from './purchase.entity';
export * from './payments.service';
export * from './payments.controller';
export * from './payments.module';
export * from './migrations';
