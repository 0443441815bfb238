import { type INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import { STATUS_CODES } from 'http';
import { ACCESS_POLICY, API_DOC, type AccessPolicy, type Answer, type ExtraAuth, type JsonSchema, type RouteDoc, type SchemaSpec } from '@solvr/server-core';
import CONTRACT_SCHEMAS from './contract-schemas.generated.json';
import { API_TAGS, PATH_PARAMS } from './route-docs';

export const OPENAPI_VERSION = '3.1.0';
const SCHEMAS = '#/components/schemas/';
const CONTRACTS = CONTRACT_SCHEMAS as Record<string, JsonSchema>;

/** The parts of an OpenAPI document this builder writes and the tests read. */
export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }>;
  requestBody?: { required?: boolean; description?: string; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, JsonSchema>;
  security?: Array<Record<string, string[]>>;
  /** Who may call: public, signed-in, role:admin, or the platform layer's callers. */
  'x-access'?: string;
}
export interface OpenApiDocument {
  openapi: string;
  info: JsonSchema;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; responses: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
  [key: string]: unknown;
}

/** Refusals share one shape (ApiError); one reusable answer per status. */
const ERRORS: Record<number, [name: string, description: string]> = {
  400: ['BadRequest', 'The request is invalid; `message` says why (a form also gets `errors` by field)'],
  401: ['Unauthorized', 'Sign-in needed, or the token is invalid or expired'],
  403: ['Forbidden', 'Not allowed for this caller (or a cross-site request to a sign-in route)'],
  404: ['NotFound', 'No such thing, or not one this caller may see'],
  405: ['NotSupported', 'Not supported for this entity'],
  409: ['Conflict', 'Conflicts with what exists'],
  410: ['Gone', 'The link has expired'],
  413: ['PayloadTooLarge', 'The body or file is over the limit'],
  415: ['UnsupportedMediaType', 'Wrong Content-Type'],
  429: ['TooManyRequests', 'Too many attempts; wait Retry-After seconds'],
  503: ['ServiceUnavailable', 'A service this needs is down or not configured, or the server is checking as many passwords as it takes (Retry-After)'],
};

const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token answered by sign-in or POST /api/auth/refresh (15 minutes).' },
  refreshCookie: { type: 'apiKey', in: 'cookie', name: 'solvr_refresh', description: 'The rotating refresh token, set by sign-in (httpOnly).' },
  downloadHolder: { type: 'apiKey', in: 'cookie', name: 'solvr_download', description: 'Set with each download link: the browser it was handed to.' },
  serviceToken: { type: 'http', scheme: 'bearer', description: "PLATFORM_SERVICE_TOKEN: the platform SDK's asServiceRole client." },
  stripeSignature: { type: 'apiKey', in: 'header', name: 'Stripe-Signature', description: "Stripe's signature of the event (STRIPE_WEBHOOK_SECRET)." },
  deployToken: { type: 'http', scheme: 'bearer', bearerFormat: 'solvr_deploy_...', description: 'A deploy token an admin created in the Releases tab (for CI).' },
};

function security(policy: AccessPolicy, extra: ExtraAuth | undefined): { access: string; security: Array<Record<string, string[]>> } {
  const access = policy.kind === 'role' ? `role:${policy.role}` : policy.kind;
  if (extra === 'refreshCookie') return { access, security: [{ refreshCookie: [] }] };
  if (extra === 'signedLink') return { access: 'public (signed link)', security: [{ downloadHolder: [] }, {}] };
  if (extra === 'platform') return { access: 'platform (anonymous, user or service role)', security: [{}, { bearer: [] }, { serviceToken: [] }] };
  if (extra === 'stripe') return { access: 'public (signed by Stripe)', security: [{ stripeSignature: [] }] };
  if (extra === 'deployToken') return { access: 'public (a deploy token or an admin session)', security: [{ deployToken: [] }, { bearer: [] }] };
  return { access, security: policy.kind === 'public' ? [] : [{ bearer: [] }] };
}

const ACCESS_TEXT: Record<string, string> = { public: 'Public.', 'signed-in': 'Signed in.', 'role:admin': 'Admins only.' };

/** A contracts type by name (or a list of one), or a schema as written; names used are gathered in `used`. */
function schemaOf(spec: SchemaSpec, used: Set<string>): JsonSchema {
  if (typeof spec !== 'string') return withContractRefs(spec, used);
  const list = spec.endsWith('[]');
  const name = list ? spec.slice(0, -2) : spec;
  if (!CONTRACTS[name]) throw new Error(`No schema for ${name}: not a type of libs/contracts (regenerate libs/server/api-docs/src/contract-schemas.generated.json?)`);
  used.add(name);
  const ref = { $ref: SCHEMAS + name };
  return list ? { type: 'array', items: ref } : ref;
}

/** Rewrites the generator's #/definitions/ references to components, noting each name. */
function withContractRefs<T>(schema: T, used: Set<string>): T {
  return JSON.parse(JSON.stringify(schema), (key, value) => {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/definitions/')) {
      const name = decodeURIComponent(value.slice('#/definitions/'.length));
      used.add(name);
      return SCHEMAS + name;
    }
    return value;
  });
}

/** A route's handler and what Nest knows of it, by the operationId SwaggerModule gives it. */
interface Handler {
  policy: AccessPolicy;
  queryNames: string[];
  /** The validated class of an @Body() parameter, if any. */
  bodyType?: new () => object;
  /** ApiDoc on the handler. */
  described?: { tag: string; doc: RouteDoc };
}

function handlers(app: INestApplication): Map<string, Handler> {
  const reflector = app.get(Reflector);
  const scanner = app.get(MetadataScanner);
  const found = new Map<string, Handler>();
  for (const { instance, metatype } of app.get(DiscoveryService).getControllers()) {
    if (!instance || !metatype) continue;
    for (const name of scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
      const handler = instance[name];
      if (reflector.get(PATH_METADATA, handler) === undefined || reflector.get<RequestMethod>(METHOD_METADATA, handler) === undefined) continue;
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, name) ?? {}) as Record<string, { index: number; data?: unknown }>;
      const types = (Reflect.getMetadata('design:paramtypes', metatype.prototype, name) ?? []) as unknown[];
      const queryNames: string[] = [];
      let bodyType: Handler['bodyType'];
      for (const [key, arg] of Object.entries(args).sort(([, a], [, b]) => a.index - b.index)) {
        const kind = Number(key.split(':')[0]);
        if (kind === RouteParamtypes.QUERY && typeof arg.data === 'string') queryNames.push(arg.data);
        const type = types[arg.index];
        if (kind === RouteParamtypes.BODY && typeof type === 'function' && type !== Object) bodyType = type as Handler['bodyType'];
      }
      const policy = reflector.getAllAndOverride<AccessPolicy>(ACCESS_POLICY, [handler, metatype]) ?? { kind: 'signed-in' };
      found.set(`${metatype.name}_${name}`, { policy, queryNames, bodyType, described: reflector.get(API_DOC, handler) });
    }
  }
  return found;
}

function responsesOf(answers: Answer[], errors: number[], used: Set<string>): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const a of answers) {
    const content: Record<string, { schema: JsonSchema }> = {};
    if (a.json) content['application/json'] = { schema: schemaOf(a.json, used) };
    for (const [type, schema] of Object.entries(a.content ?? {})) content[type] = { schema };
    const headers = a.headers && Object.fromEntries(Object.entries(a.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]));
    out[a.status] = { description: a.description, ...(headers ? { headers } : {}), ...(Object.keys(content).length ? { content } : {}) };
  }
  for (const status of [...new Set(errors)].sort((a, b) => a - b)) {
    const known = ERRORS[status];
    if (!known) throw new Error(`No reusable answer for status ${status}`);
    out[status] = { $ref: `#/components/responses/${known[0]}` };
  }
  return out;
}

function describeOperation(op: OpenApiOperation, doc: RouteDoc, tag: string, handler: Handler, path: string, used: Set<string>, dtoSchemas: Record<string, JsonSchema>): void {
  const { access, security: requirement } = security(handler.policy, doc.auth);
  op.summary = doc.summary;
  op.description = [ACCESS_TEXT[access] ?? `${access[0].toUpperCase()}${access.slice(1)}.`, doc.description].filter(Boolean).join(' ');
  op.tags = [tag];
  op.security = requirement;
  op['x-access'] = access;

  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, ...(PATH_PARAMS[name] ? { description: PATH_PARAMS[name] } : {}), schema: { type: 'string' } }));
  const queryDocs = doc.query ?? {};
  const queryParams = [...new Set([...handler.queryNames, ...Object.keys(queryDocs)])].map((name) => {
    const d = queryDocs[name];
    const spec = typeof d === 'string' ? { description: d } : (d ?? {});
    return { name, in: 'query', required: !!('required' in spec && spec.required), ...('description' in spec ? { description: spec.description } : {}), schema: ('schema' in spec && spec.schema) || { type: 'string' } };
  });
  op.parameters = [...pathParams, ...queryParams];

  const errors = [...(doc.errors ?? [])];
  if (handler.policy.kind !== 'public' || doc.auth === 'platform') errors.push(401);
  if (handler.policy.kind === 'role' || doc.auth === 'platform') errors.push(403);
  if (pathParams.length) errors.push(404);

  delete op.requestBody;
  if (handler.bodyType) {
    const name = handler.bodyType.name;
    dtoSchemas[name] ??= { ...withContractRefs(targetConstructorToSchema(handler.bodyType, { refPointerPrefix: SCHEMAS }) as JsonSchema, used), additionalProperties: false };
    op.requestBody = { required: true, content: { 'application/json': { schema: { $ref: SCHEMAS + name } } } };
    errors.push(400);
  } else if (doc.body) {
    const content: Record<string, { schema: JsonSchema }> = {};
    if (doc.body.json) content['application/json'] = { schema: schemaOf(doc.body.json, used) };
    if (doc.body.multipart) content['multipart/form-data'] = { schema: doc.body.multipart };
    op.requestBody = { required: doc.body.required ?? true, ...(doc.body.description ? { description: doc.body.description } : {}), content };
    errors.push(400);
  }
  op.responses = responsesOf(doc.answers, errors, used);
}

/** Every contracts schema the document refers to, and those they refer to. */
function contractSchemas(used: Set<string>): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  const queue = [...used];
  while (queue.length) {
    const name = queue.pop() as string;
    if (out[name]) continue;
    if (!CONTRACTS[name]) throw new Error(`No schema for ${name}`);
    const more = new Set<string>();
    out[name] = withContractRefs(CONTRACTS[name], more);
    queue.push(...more);
  }
  return out;
}

export interface DocumentInfo {
  title: string;
  description: string;
  version: string;
  serverUrl: string;
}

/**
 * The OpenAPI 3.1 document of every route the app registered: SwaggerModule finds the routes (global prefix and the
 * site-root exclusions included), the controllers' metadata gives the access policy, query parameters and validated
 * bodies (their class-validator rules become the schemas), each handler's ApiDoc and libs/contracts the rest.
 */
export function buildOpenApiDocument(app: INestApplication, info: DocumentInfo): OpenApiDocument {
  const base = new DocumentBuilder().setOpenAPIVersion(OPENAPI_VERSION).setTitle(info.title).setDescription(info.description).setVersion(info.version).addServer(info.serverUrl).build();
  const document = SwaggerModule.createDocument(app, base, { operationIdFactory: (controller, method) => `${controller}_${method}` }) as unknown as OpenApiDocument;
  const byId = handlers(app);
  const used = new Set<string>(['ApiError']);
  const dtoSchemas: Record<string, JsonSchema> = {};
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const op of Object.values(operations)) {
      const handler = op.operationId ? byId.get(op.operationId) : undefined;
      // Left as SwaggerModule made it: the e2e test names every route without an ApiDoc.
      if (!handler?.described) continue;
      describeOperation(op, handler.described.doc, handler.described.tag, handler, path, used, dtoSchemas);
    }
  }
  document.tags = API_TAGS.map((name) => ({ name }));
  document.components = {
    schemas: { ...contractSchemas(used), ...dtoSchemas },
    responses: Object.fromEntries(
      Object.entries(ERRORS).map(([status, [name, description]]) => {
        const headers = status === '429' || status === '503' ? { headers: { 'Retry-After': { description: 'Seconds until the next attempt is allowed (or worth making)', schema: { type: 'integer' } } } } : {};
        return [name, { description: `${STATUS_CODES[status]}: ${description}`, ...headers, content: { 'application/json': { schema: { $ref: `${SCHEMAS}ApiError` } } } }];
      }),
    ),
    securitySchemes: SECURITY_SCHEMES,
  };
  return document;
}
