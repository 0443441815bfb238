export * from './outbox-message.entity';
export * from './mail.service';
export * from './mail-transport';
export * from './mail.processor';
export * from './outbox-reconciler';
export * from './mail.module';
export * from './migrations';
export * from './mail.config';
