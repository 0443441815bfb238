import { SetMetadata } from '@nestjs/common';

/** A JSON Schema (OpenAPI 3.1 uses JSON Schema 2020-12). */
export type JsonSchema = { [keyword: string]: unknown };
/** A type of libs/contracts by name ('FileView'), a list of one ('FileView[]'), or a schema written out. */
export type SchemaSpec = string | JsonSchema;

export interface Answer {
  status: number;
  description: string;
  /** An application/json body. */
  json?: SchemaSpec;
  /** Bodies of other media types. */
  content?: Record<string, JsonSchema>;
  /** Response headers worth knowing, by name. */
  headers?: Record<string, string>;
}

/**
 * Who may call, beyond the access guard's policy (public / signed-in / role): the refresh cookie, a signed link and
 * its holder cookie, the platform layer's callers (anonymous, a user's token or the service token), Stripe's signature.
 */
export type ExtraAuth = 'refreshCookie' | 'signedLink' | 'platform' | 'stripe' | 'deployToken';

export interface RouteDoc {
  summary: string;
  description?: string;
  auth?: ExtraAuth;
  /** Query parameters by name; those the handler reads by name are listed without this too. */
  query?: Record<string, string | { description: string; required?: boolean; schema?: JsonSchema }>;
  /** The body, where the handler takes no validated class (a DTO's schema comes from its decorators). */
  body?: { json?: SchemaSpec; multipart?: JsonSchema; description?: string; required?: boolean };
  /** The success answers (2xx, 3xx). */
  answers: Answer[];
  /** Error statuses besides those the policy, a validated body and a path parameter imply (401/403, 400, 404). */
  errors?: number[];
}

export const API_DOC = 'solvr:api-doc';

/**
 * What the API reference (/api/openapi.json) says of a route, on its handler: the tag it is listed under and the
 * rest of RouteDoc. Paths, parameters, validated bodies and the access policy come from the handler itself; the
 * OpenAPI e2e spec fails for a route without this.
 */
export const ApiDoc = (tag: string, doc: RouteDoc) => SetMetadata(API_DOC, { tag, doc });

const binary: Record<string, JsonSchema> = { 'application/octet-stream': { type: 'string', contentMediaType: 'application/octet-stream' } };

/** The answers and parameters many routes share, for ApiDoc. */
export const doc = {
  text: (contentType: string, description?: string): Record<string, JsonSchema> => ({ [contentType]: { type: 'string', ...(description ? { description } : {}) } }),
  binary,
  ok: (json: SchemaSpec, description = 'OK'): Answer[] => [{ status: 200, description, json }],
  created: (json: SchemaSpec, description = 'Created'): Answer[] => [{ status: 201, description, json }],
  noContent: (description = 'Done; no body'): Answer[] => [{ status: 204, description }],
  redirect: (description: string): Answer => ({ status: 302, description, headers: { Location: 'Where the browser goes next' } }),
  paging: { page: 'Page number, from 1', limit: 'Items per page' },
  /** A stored file's bytes, as every download route answers them. */
  storedFile: [
    { status: 200, description: 'The bytes, as an attachment (Accept-Ranges, ETag, Last-Modified)', content: binary },
    { status: 206, description: 'The requested byte range (Range, If-Range)', content: binary },
    { status: 302, description: 'With S3 storage: a presigned link to the object', headers: { Location: 'Where the browser goes next' } },
    { status: 304, description: 'If-None-Match names the current ETag' },
    { status: 416, description: 'The range lies outside the file' },
  ] as Answer[],
};
