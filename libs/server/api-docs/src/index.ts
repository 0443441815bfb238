export * from './api-docs';
export * from './api-docs.module';
export * from './openapi-document';
export * from './route-docs';
export { DOCS_CSP } from './docs-page';
