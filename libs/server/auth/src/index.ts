export * from './auth-session.entity';
export * from './auth-token.entity';
export * from './sessions.service';
export * from './link-tokens.service';
export * from './auth.service';
export * from './auth.controller';
export * from './auth.module';
export * from './return-to';
