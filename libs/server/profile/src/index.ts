export * from './profile.module';
export * from './profile.service';
