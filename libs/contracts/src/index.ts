export * from './brand';
export * from './limits';
export * from './messages';
export * from './routes';
export * from './health';
export * from './roles';
export * from './signup';
