export * from './user.entity';
export * from './users.service';
export * from './users.module';
export * from './passwords';
export * from './first-admin.service';
export * from './migrations';
export * from './user.views';
export * from './users.config';
