import { readFileSync } from 'fs';
import { join } from 'path';
import YAML from 'yaml';
import { SSR_PAGES } from '@solvr/contracts';
import { validateObject } from './k8s-models';
import { build, containersOf, K8S_DIR, K8sObject, parseImage, podSpec, REPO_ROOT } from './kustomize';

const ENVS = ['base', 'dev', 'prod'] as const;
const dirOf = (env: string) => join(K8S_DIR, env === 'base' ? 'base' : `overlays/${env}`);
const rendered = Object.fromEntries(ENVS.map((env) => [env, build(dirOf(env))])) as Record<(typeof ENVS)[number], K8sObject[]>;

const REMOTES = ['marketing', 'portal', 'admin'];
const WEB_APPS = ['shell', ...REMOTES];
const PLACEHOLDER = 'REPLACE_ME';

const secretTemplate = YAML.parse(readFileSync(join(K8S_DIR, 'base/secret.template.yaml'), 'utf8'));

const ofKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const named = (objects: K8sObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`${kind} ${name} not rendered`);
  return found;
};
const matches = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);
const clone = <T>(o: T): T => JSON.parse(JSON.stringify(o));
const envKeys = (text: string) =>
  text
    .split('\n')
    .filter((l) => /^[A-Z][A-Z0-9_]*=/.test(l))
    .map((l) => l.slice(0, l.indexOf('=')));

describe.each(ENVS)('k8s %s', (env) => {
  const objects = rendered[env];
  const deployments = ofKind(objects, 'Deployment');
  const workloads = objects.filter((o) => podSpec(o));

  test('renders the expected objects', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(['admin', 'api', 'marketing', 'portal', 'shell', 'worker']);
    expect(ofKind(objects, 'HorizontalPodAutoscaler').map((h) => h.metadata.name).sort()).toEqual(['api', 'worker']);
    expect(ofKind(objects, 'PodDisruptionBudget')).toHaveLength(6);
    expect(ofKind(objects, 'Ingress')).toHaveLength(1);
    expect(ofKind(objects, 'Job').map((j) => j.metadata.name)).toEqual(['migrate']);
  });

  test('every object passes the Kubernetes schema (kubernetes-models)', () => {
    const errors = objects.flatMap((o) => {
      try {
        validateObject(o);
        return [];
      } catch (err) {
        return [`${o.kind} ${o.metadata.name}: ${(err as Error).message}`];
      }
    });
    expect(errors).toEqual([]);
  });

  test.each([
    ['api', 3000],
    ['worker', 3001],
  ])('%s has readiness /api/health and liveness /api/health/live on port %i', (name, port) => {
    const container = podSpec(named(objects, 'Deployment', name)).containers[0];
    const portOf = (p: number | string) => (typeof p === 'number' ? p : container.ports.find((cp: any) => cp.name === p)?.containerPort);
    expect(container.readinessProbe.httpGet.path).toBe('/api/health');
    expect(portOf(container.readinessProbe.httpGet.port)).toBe(port);
    expect(container.livenessProbe.httpGet.path).toBe('/api/health/live');
    expect(portOf(container.livenessProbe.httpGet.port)).toBe(port);
  });

  test('the api pods are scraped by Prometheus on their metrics port (METRICS_PORT), which no Service exposes', () => {
    const api = named(objects, 'Deployment', 'api');
    const annotations = api.spec.template.metadata.annotations ?? {};
    const metricsPort = podSpec(api).containers[0].ports.find((p: any) => p.name === 'metrics')?.containerPort;
    expect(annotations).toEqual({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(metricsPort), 'prometheus.io/path': '/metrics' });
    const config = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('solvr-config'))?.data ?? {};
    expect([config.METRICS_PORT, config.METRICS_HOST]).toEqual([String(metricsPort), '0.0.0.0']);
    for (const svc of ofKind(objects, 'Service')) {
      for (const p of svc.spec.ports) expect([svc.metadata.name, p.targetPort]).not.toEqual([svc.metadata.name, 'metrics']);
      for (const p of svc.spec.ports) expect([svc.metadata.name, p.targetPort]).not.toEqual([svc.metadata.name, metricsPort]);
    }
  });

  test.each(WEB_APPS)('%s (nginx) probes /healthz on 8080', (name) => {
    const container = podSpec(named(objects, 'Deployment', name)).containers[0];
    const http = container.ports.find((p: any) => p.name === 'http');
    expect(http.containerPort).toBe(8080);
    for (const probe of [container.readinessProbe, container.livenessProbe]) expect(probe.httpGet).toEqual({ path: '/healthz', port: 'http' });
  });

  test('every container has requests and limits and runs as non-root without privilege escalation', () => {
    for (const o of workloads) {
      const pod = podSpec(o);
      for (const c of containersOf(o)) {
        const where = `${o.kind} ${o.metadata.name} container ${c.name}`;
        const r = c.resources ?? {};
        expect([where, Boolean(r.requests?.cpu && r.requests?.memory && r.limits?.cpu && r.limits?.memory)]).toEqual([where, true]);
        const sc = { ...pod.securityContext, ...c.securityContext };
        expect([where, sc.runAsNonRoot]).toEqual([where, true]);
        expect([where, sc.runAsUser > 0]).toEqual([where, true]);
        expect([where, sc.allowPrivilegeEscalation]).toEqual([where, false]);
      }
    }
  });

  test('image tags are pinned (never latest or missing)', () => {
    for (const c of workloads.flatMap(containersOf)) {
      const { tag, digest } = parseImage(c.image);
      expect([c.image, Boolean(digest || (tag && tag !== 'latest'))]).toEqual([c.image, true]);
    }
  });

  test('the migration Job runs cli.js migrate with the api image', () => {
    const job = podSpec(named(objects, 'Job', 'migrate')).containers[0];
    expect(job.command).toEqual(['node', 'dist/apps/api/cli.js', 'migrate']);
    expect(job.image).toBe(podSpec(named(objects, 'Deployment', 'api')).containers[0].image);
  });

  test('every Service selects the pods of a Deployment, on a port the pods expose', () => {
    for (const svc of ofKind(objects, 'Service')) {
      const target = deployments.find((d) => matches(svc.spec.selector, d.spec.template.metadata.labels));
      expect([svc.metadata.name, target?.metadata.name]).toEqual([svc.metadata.name, expect.any(String)]);
      const podPorts = (target ? containersOf(target) : []).flatMap((c) => c.ports ?? []);
      for (const p of svc.spec.ports) {
        expect([svc.metadata.name, podPorts.some((pp) => pp.name === p.targetPort || pp.containerPort === p.targetPort)]).toEqual([svc.metadata.name, true]);
      }
    }
  });

  test('Deployment selectors match their own pod labels; PDBs and HPAs target existing Deployments', () => {
    for (const d of deployments) expect([d.metadata.name, matches(d.spec.selector.matchLabels, d.spec.template.metadata.labels)]).toEqual([d.metadata.name, true]);
    for (const pdb of ofKind(objects, 'PodDisruptionBudget')) {
      expect([pdb.metadata.name, deployments.some((d) => matches(pdb.spec.selector.matchLabels, d.spec.template.metadata.labels))]).toEqual([pdb.metadata.name, true]);
    }
    for (const hpa of ofKind(objects, 'HorizontalPodAutoscaler')) {
      const target = named(objects, 'Deployment', hpa.spec.scaleTargetRef.name);
      // The HPA owns the replica count; a spec.replicas would be reset on every apply.
      expect([target.metadata.name, target.spec.replicas]).toEqual([target.metadata.name, undefined]);
      expect(hpa.spec.minReplicas).toBeLessThanOrEqual(hpa.spec.maxReplicas);
    }
  });

  test('the Ingress routes /api, /downloads, the feeds, the public pages, /remotes/<name> and / to existing Services and ports', () => {
    const ingress = ofKind(objects, 'Ingress')[0];
    const routes: Record<string, string> = {};
    for (const rule of ingress.spec.rules) {
      for (const p of rule.http.paths) {
        const svc = named(objects, 'Service', p.backend.service.name);
        const port = p.backend.service.port;
        expect([p.path, svc.spec.ports.some((sp: any) => (port.name ? sp.name === port.name : sp.port === port.number))]).toEqual([p.path, true]);
        routes[`${p.pathType === 'Exact' ? '= ' : ''}${p.path}`] = svc.metadata.name;
      }
    }
    const publicPages = Object.fromEntries(['/', ...SSR_PAGES.map((page) => `/${page}`)].map((path) => [`= ${path}`, 'api']));
    expect(routes).toEqual({
      '/api': 'api',
      '/downloads': 'api',
      '= /rss.xml': 'api',
      '= /atom.xml': 'api',
      '= /sitemap.xml': 'api',
      '= /robots.txt': 'api',
      // Server-rendered by the api; every other page path is the shell's.
      ...publicPages,
      '/remotes/marketing': 'marketing',
      '/remotes/portal': 'portal',
      '/remotes/admin': 'admin',
      '/': 'shell',
    });
  });

  test('ConfigMap and Secret references resolve (the Secret comes from secret.template.yaml)', () => {
    const configMaps = new Set(ofKind(objects, 'ConfigMap').map((c) => c.metadata.name));
    const secrets = new Set([...ofKind(objects, 'Secret').map((s) => s.metadata.name), secretTemplate.metadata.name]);
    for (const o of workloads) {
      for (const v of podSpec(o).volumes ?? []) if (v.configMap) expect(configMaps).toContain(v.configMap.name);
      for (const from of containersOf(o).flatMap((c) => c.envFrom ?? [])) {
        if (from.configMapRef) expect(configMaps).toContain(from.configMapRef.name);
        if (from.secretRef) expect(secrets).toContain(from.secretRef.name);
      }
    }
  });

  test('no rendered Secret holds anything but placeholders', () => {
    for (const s of ofKind(objects, 'Secret')) {
      const values = [...Object.values(s.stringData ?? {}), ...Object.values(s.data ?? {}).map((v) => Buffer.from(String(v), 'base64').toString())];
      for (const v of values) expect(v).toBe(PLACEHOLDER);
    }
  });

  test('the shell mounts remotes.json mapping every remote to its remoteEntry.js', () => {
    const shell = podSpec(named(objects, 'Deployment', 'shell'));
    const volume = shell.volumes.find((v: any) => v.configMap?.name.startsWith('remotes-manifest'));
    expect(shell.containers[0].volumeMounts).toContainEqual(expect.objectContaining({ name: volume.name, mountPath: '/etc/solvr' }));
    const manifest = JSON.parse(named(objects, 'ConfigMap', volume.configMap.name).data['remotes.json']);
    expect(Object.keys(manifest).sort()).toEqual([...REMOTES].sort());
    for (const r of REMOTES) expect(manifest[r]).toMatch(new RegExp(`^/remotes/${r}/remoteEntry\\.js(\\?v=[\\w.-]+)?$`));
  });
});

describe('k8s overlays', () => {
  const imageOf = (objects: K8sObject[], deployment: string) => podSpec(named(objects, 'Deployment', deployment)).containers[0].image;

  test.each(['dev', 'prod'] as const)('%s sets its namespace on every namespaced object and has a host', (env) => {
    const namespace = env === 'prod' ? 'solvr' : 'solvr-dev';
    expect(named(rendered[env], 'Namespace', namespace)).toBeDefined();
    for (const o of rendered[env].filter((o) => o.kind !== 'Namespace')) expect([o.kind, o.metadata.name, o.metadata.namespace]).toEqual([o.kind, o.metadata.name, namespace]);
    expect(ofKind(rendered[env], 'Ingress')[0].spec.rules[0].host).toMatch(/\.example\.com$/);
  });

  test('prod changes every image, replicas, HPA bounds and api resources', () => {
    for (const d of ['api', 'worker', ...WEB_APPS]) expect(imageOf(rendered.prod, d)).not.toBe(imageOf(rendered.base, d));
    expect(named(rendered.prod, 'Deployment', 'shell').spec.replicas).toBeGreaterThan(named(rendered.dev, 'Deployment', 'shell').spec.replicas);
    expect(named(rendered.prod, 'HorizontalPodAutoscaler', 'api').spec.minReplicas).toBeGreaterThanOrEqual(3);
    const api = podSpec(named(rendered.prod, 'Deployment', 'api')).containers[0];
    expect(api.resources.limits.memory).toBe('1Gi');
    expect(api.readinessProbe.httpGet.path).toBe('/api/health'); // the resources patch merged, not replaced, the container
    expect(ofKind(rendered.prod, 'Ingress')[0].spec.tls[0].secretName).toBe('solvr-tls');
  });

  test.each(['dev', 'prod'] as const)('%s remotes.json pins each remote to the version of its image (?v=<tag>)', (env) => {
    const shell = podSpec(named(rendered[env], 'Deployment', 'shell'));
    const cmName = shell.volumes.find((v: any) => v.configMap).configMap.name;
    const manifest = JSON.parse(named(rendered[env], 'ConfigMap', cmName).data['remotes.json']);
    for (const r of REMOTES) expect(manifest[r]).toBe(`/remotes/${r}/remoteEntry.js?v=${parseImage(imageOf(rendered[env], r)).tag}`);
  });

  test('generated ConfigMaps are renamed by content and the references follow', () => {
    const cmNames = (env: 'base' | 'dev' | 'prod') => ofKind(rendered[env], 'ConfigMap').map((c) => c.metadata.name);
    expect(cmNames('dev').filter((n) => n.startsWith('remotes-manifest-'))).toHaveLength(1);
    expect(cmNames('dev')).not.toEqual(cmNames('prod'));
    const config = (env: 'dev' | 'prod') => ofKind(rendered[env], 'ConfigMap').find((c) => c.metadata.name.startsWith('solvr-config-'))?.data ?? {};
    expect(config('prod').PUBLIC_URL).toBe('https://solvr.example.com');
    expect(config('dev').LOG_LEVEL).toBe('debug');
    expect(config('dev').BRAND_PRODUCT).toBe('Solvr'); // merged over the base, not replaced
  });
});

describe('k8s settings and secrets', () => {
  const exampleKeys = envKeys(readFileSync(join(REPO_ROOT, '.env.example'), 'utf8'));
  const configKeys = envKeys(readFileSync(join(K8S_DIR, 'base/config.env'), 'utf8'));
  const secretKeys = Object.keys(secretTemplate.stringData);

  test('the Secret template is a valid Secret holding placeholders only', () => {
    expect(() => validateObject(secretTemplate)).not.toThrow();
    expect(secretTemplate.data).toBeUndefined();
    for (const v of Object.values(secretTemplate.stringData)) expect(v).toBe(PLACEHOLDER);
    expect(secretKeys.sort()).toEqual(['DATABASE_URL', 'GOOGLE_CLIENT_SECRET', 'JWT_SECRET', 'PLATFORM_SERVICE_TOKEN', 'REDIS_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  });

  test('every setting of .env.example is in the ConfigMap or the Secret, never both', () => {
    expect([...configKeys, ...secretKeys].sort()).toEqual([...exampleKeys].sort());
  });
});

describe('schema validation catches broken manifests (negative)', () => {
  const api = named(rendered.base, 'Deployment', 'api');

  test('the unbroken Deployment passes', () => expect(() => validateObject(clone(api))).not.toThrow());

  test('replicas as a string fails', () => {
    const broken = clone(api);
    broken.spec.replicas = 'two';
    expect(() => validateObject(broken)).toThrow(/replicas/);
  });

  test('a missing selector fails', () => {
    const broken = clone(api);
    delete broken.spec.selector;
    expect(() => validateObject(broken)).toThrow(/selector/);
  });

  test('a container without a name fails', () => {
    const broken = clone(api);
    delete podSpec(broken).containers[0].name;
    expect(() => validateObject(broken)).toThrow(/name/);
  });

  test('an unknown kind fails', () => {
    expect(() => validateObject({ apiVersion: 'v1', kind: 'Nope', metadata: { name: 'x' } })).toThrow(/no schema/);
  });
});
