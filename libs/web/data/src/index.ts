export * from './session.slice';
export * from './api';
export * from './store';
export * from './session-sync';
export * from './brand';
export * from './remote-module';
export * from './standalone';
