// The composition root of the server processes: which feature modules the api and the worker are made of. The apps
// (apps/api, apps/worker) only read settings and listen; the e2e tests build the same processes from here.
export { createApi, type ApiApp } from './api';
export { ApiModule } from './api.module';
export { API_MIGRATIONS } from './migrations';
export { createWorker } from './worker';
export { WorkerModule } from './worker.module';
