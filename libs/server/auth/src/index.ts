export * from './auth-session.entity';
export * from './sessions.service';
export * from './auth.service';
export * from './auth.controller';
export * from './auth.module';
