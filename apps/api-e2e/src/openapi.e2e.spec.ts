// tiers: sqlite
import { execFileSync } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import request from 'supertest';
import { API_TAGS, DOCS_CSP, type OpenApiDocument } from '@solvr/server-api-docs';
import { type ApiApp, createApi, createTestEnv, registeredRoutes, TestEnv } from '@solvr/server-testing';

/** The validator ships ES modules only: its command-line tool runs in a process of its own. */
function validateOpenApi(document: unknown): { valid: boolean; errors?: unknown } {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const cli = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');
    const out = execFileSync(process.execPath, [cli, file], { encoding: 'utf8' });
    return JSON.parse(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 'GET /api/files/:id' as the document writes it: path '/api/files/{id}', method 'get'. */
const inDocument = (route: string) => {
  const [method, template] = route.split(' ');
  return { method: method.toLowerCase(), path: template.replace(/:(\w+)/g, '{$1}') };
};

describe('OpenAPI document and reference page', () => {
  let t: TestEnv;
  let app: ApiApp;
  let document: OpenApiDocument;
  const api = () => request(app.getHttpServer());

  beforeAll(async () => {
    t = await createTestEnv('sqlite');
    app = await createApi(t.config());
    await app.init();
    document = (await api().get('/api/openapi.json').expect(200).expect('Content-Type', /application\/json/)).body;
  });
  afterAll(async () => {
    await app?.close();
    await t.cleanup();
  });

  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(validateOpenApi(document)).toEqual({ valid: true });
  });

  it('describes every registered route, with its access, answers and errors, and no route that is not registered', () => {
    const problems: string[] = [];
    const routes = registeredRoutes(app);
    for (const { route, policy } of routes) {
      const { method, path } = inDocument(route);
      const op = document.paths[path]?.[method];
      if (!op) {
        problems.push(`${route} is missing from the document`);
        continue;
      }
      if (!op.summary || !op['x-access']) {
        problems.push(`${route} has no ApiDoc on its handler`);
        continue;
      }
      const access = op['x-access'];
      const agrees = policy === 'public' ? /^(public|platform)/.test(access) : access === policy;
      if (!agrees) problems.push(`${route} is ${policy} but documented as ${access}`);
      if (policy !== 'public' && !op.security?.some((s) => 'bearer' in s)) problems.push(`${route} is ${policy} but names no bearer token`);
      const statuses = Object.keys(op.responses).map(Number);
      if (!statuses.some((s) => s < 400) && route !== 'POST /api/apps/:appId/integration-endpoints/installable/:pkg/integration-endpoints/:name') problems.push(`${route} has no success answer`);
      if (policy !== 'public' && !statuses.includes(401)) problems.push(`${route} is ${policy} but does not list 401`);
      if (policy.startsWith('role:') && !statuses.includes(403)) problems.push(`${route} is ${policy} but does not list 403`);
      if (path.includes('{') && !statuses.includes(404)) problems.push(`${route} takes a path parameter but does not list 404`);
      if (op.requestBody && !statuses.includes(400)) problems.push(`${route} takes a body but does not list 400`);
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        if (!op.parameters?.some((p) => p.in === 'path' && p.name === name)) problems.push(`${route} does not declare its path parameter ${name}`);
      }
    }
    const registered = new Set(routes.map((r) => (({ method, path }) => `${method.toUpperCase()} ${path}`)(inDocument(r.route))));
    for (const [path, ops] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(ops)) if (!op.tags?.every((tag) => API_TAGS.includes(tag))) problems.push(`${method.toUpperCase()} ${path} is listed under ${op.tags}, not a section of API_TAGS`);
    }
    const documented = Object.entries(document.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    for (const key of documented) if (!registered.has(key)) problems.push(`the document has ${key}, which is not registered`);
    expect(problems).toEqual([]);
    expect(documented.length).toBe(routes.length);
  });

  it('gives validated bodies the schema of their class-validator rules, and answers the types of libs/contracts', () => {
    const login = document.paths['/api/auth/login'].post;
    expect(login.requestBody?.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/LoginDto' });
    expect(document.components.schemas.LoginDto).toMatchObject({ type: 'object', required: expect.arrayContaining(['email', 'password']), additionalProperties: false });
    expect(login.responses[200]).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/AuthResponse' } } } });
    expect(document.components.schemas.AuthResponse).toMatchObject({ properties: { user: { $ref: '#/components/schemas/AccountView' } } });
    expect(login.responses[429]).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(document.paths['/api/admin/users'].get.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/admin/users'].get.parameters?.map((p) => p.name)).toEqual(['q', 'sort', 'dir', 'after']);
    expect(document.paths['/api/auth/refresh'].post.security).toEqual([{ refreshCookie: [] }]);
    expect(document.paths['/api/news'].get.security).toEqual([]);
    const refs = JSON.stringify(document).match(/"\$ref":"#\/components\/schemas\/\w+"/g) ?? [];
    const missing = [...new Set(refs.map((r) => r.split('/').pop()?.replace('"', '') as string))].filter((name) => !document.components.schemas[name]);
    expect(missing).toEqual([]);
  });

  it("serves the reference page from this origin under its own policy; the api's answers keep the closed one", async () => {
    const page = await api().get('/api/docs').expect(200).expect('Content-Type', /text\/html/);
    expect(page.headers['content-security-policy']).toBe(DOCS_CSP);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(DOCS_CSP).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    const linked = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(linked.sort()).toEqual(['/api/docs/start.js', '/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css']);
    expect(page.text).not.toMatch(/<script>|<style|style=/);
    for (const path of linked) {
      const res = await api().get(path).set('Accept-Encoding', 'br').expect(200);
      expect([path, res.headers['content-type'], res.headers['content-encoding']]).toEqual([path, expect.stringMatching(/^text\/(javascript|css)/), 'br']);
      await api().get(path).set('If-None-Match', res.headers.etag).expect(304);
    }
    await api().get('/api/docs/index.html').expect(404);
    expect((await api().get('/api/public-config')).headers['content-security-policy']).toMatch(/^default-src 'none'/);
  });
});
