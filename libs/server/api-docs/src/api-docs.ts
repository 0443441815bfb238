import { Injectable, type INestApplication } from '@nestjs/common';
import { AppConfig, InjectConfig, type WebAsset } from '@solvr/server-core';
import { buildOpenApiDocument } from './openapi-document';
import { DOCS_FILES, docsPage, memoryAsset } from './docs-page';

/** The API's version in the document; the routes under /api keep their shapes within a major version. */
export const API_VERSION = '1.0.0';

const description = (product: string) => `The HTTP API of ${product}: the web app's own calls, the admin console's, the desktop app's update feeds and downloads, and the hosted platform SDK's contract under /api/apps/{appId}/.

**Signing in.** POST /api/auth/login answers an access token (send it as \`Authorization: Bearer <token>\`, 15 minutes) and sets the \`solvr_refresh\` cookie; POST /api/auth/refresh exchanges the cookie for a new token. Routes say who may call them: public, signed in, or admins only.

**Errors** are JSON: \`{ message, statusCode, error }\`, with \`errors\` by field for forms and a machine-readable \`code\` on the platform layer.`;

/** The document and the reference page, each made on first request (compressed off the event loop) and kept. */
@Injectable()
export class ApiDocs {
  private app?: INestApplication;
  private readonly made = new Map<string, Promise<WebAsset>>();

  constructor(@InjectConfig() private readonly config: AppConfig) {}

  /** The app whose routes the document describes (the composition root hands it over once built). */
  describe(app: INestApplication): void {
    this.app = app;
  }

  private once(key: string, make: () => Promise<WebAsset>): Promise<WebAsset> {
    if (!this.made.has(key)) this.made.set(key, make());
    return this.made.get(key) as Promise<WebAsset>;
  }

  openApi(): Promise<WebAsset> {
    const app = this.app;
    if (!app) throw new Error('ApiDocs.describe(app) was not called');
    const { product } = this.config.brand;
    return this.once('openapi.json', () => {
      const document = buildOpenApiDocument(app, { title: `${product} API`, description: description(product), version: API_VERSION, serverUrl: this.config.publicUrl });
      return memoryAsset('application/json; charset=utf-8', Buffer.from(JSON.stringify(document)));
    });
  }

  referencePage(): Promise<WebAsset> {
    return this.once('page', () => docsPage(`${this.config.brand.product} API reference`));
  }

  /** A file of the page by name (swagger-ui-bundle.js, swagger-ui.css, start.js); undefined for any other. */
  file(name: string): Promise<WebAsset> | undefined {
    return Object.hasOwn(DOCS_FILES, name) ? this.once(name, DOCS_FILES[name]) : undefined;
  }
}
