// What the server features' e2e specs share: the real api and worker built for a tier (SQLite, or MariaDB + Redis),
// accounts, files and mail as a client sees them, and the helpers every test tier shares (@solvr/testing).
// The processes come from @solvr/server-app; the e2e projects do not count it as a dependency (see README, "Tests").
export { createApi, createWorker, type ApiApp } from '@solvr/server-app';
export * from '@solvr/testing';
export * from './test-env';
export * from './accounts';
export * from './files';
export * from './users';
export * from './routes';
export * from './sdk';
export * from './stripe';
export * from './web-dist';
export * from './desktop-updater';
export * from './electron-build';
