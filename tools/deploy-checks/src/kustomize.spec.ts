import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';
import { build, parseImage, strategicMerge } from './kustomize';

// The renderer itself, on small fixtures: the k8s checks are only as good as it is.
let root: string;
const write = (files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
};
beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'kustomize-'))));
afterEach(() => rmSync(root, { recursive: true, force: true }));

const deployment = `
apiVersion: apps/v1
kind: Deployment
metadata: { name: web }
spec:
  replicas: 1
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec:
      containers:
        - name: web
          image: example.com/web:1.0
          envFrom: [{ configMapRef: { name: settings } }]
          ports: [{ name: http, containerPort: 80 }]
        - name: sidecar
          image: example.com/sidecar:2.0
      volumes: [{ name: files, configMap: { name: files } }]
`;

test('nested kustomizations with generators, patches, images, replicas, labels and namespace', () => {
  write({
    'base/kustomization.yaml': `
resources: [deployment.yaml]
configMapGenerator:
  - { name: settings, literals: [A=1, B=2] }
  - { name: files, files: [conf.json] }
labels: [{ pairs: { team: solvr }, includeTemplates: true }]`,
    'base/deployment.yaml': deployment,
    'base/conf.json': '{"x":1}',
    'overlay/kustomization.yaml': `
namespace: prod
resources: [../base]
images: [{ name: example.com/web, newTag: "2.0" }]
replicas: [{ name: web, count: 3 }]
configMapGenerator:
  - { name: settings, behavior: merge, literals: [B=3] }
patches:
  - patch: |-
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web }
      spec:
        template:
          spec:
            containers:
              - name: web
                resources: { limits: { memory: 1Gi } }
  - target: { kind: Deployment, name: web }
    patch: |-
      - op: add
        path: /metadata/annotations
        value: { note: patched }`,
  });
  const objects = build(join(root, 'overlay'));
  const one = (pick: (o: (typeof objects)[number]) => boolean) => {
    const found = objects.filter(pick);
    expect(found).toHaveLength(1);
    return found[0];
  };
  const d = one((o) => o.kind === 'Deployment');
  const settings = one((o) => o.metadata.name.startsWith('settings-'));
  const files = one((o) => o.metadata.name.startsWith('files-'));
  expect(settings.data).toEqual({ A: '1', B: '3' });
  expect(files.data).toEqual({ 'conf.json': '{"x":1}' });
  expect(d.metadata.namespace).toBe('prod');
  expect(settings.metadata.namespace).toBe('prod');
  expect(d.metadata.annotations).toEqual({ note: 'patched' });
  expect(d.metadata.labels).toEqual({ team: 'solvr' });
  expect(d.spec.template.metadata.labels).toEqual({ app: 'web', team: 'solvr' });
  expect(d.spec.selector.matchLabels).toEqual({ app: 'web' });
  expect(d.spec.replicas).toBe(3);
  const [web, sidecar] = d.spec.template.spec.containers;
  expect(web.image).toBe('example.com/web:2.0');
  expect(sidecar.image).toBe('example.com/sidecar:2.0');
  expect(web.resources).toEqual({ limits: { memory: '1Gi' } });
  expect(web.ports).toEqual([{ name: 'http', containerPort: 80 }]);
  expect(web.envFrom[0].configMapRef.name).toBe(settings.metadata.name);
  expect(d.spec.template.spec.volumes[0].configMap.name).toBe(files.metadata.name);
});

test('a generated name changes with the content', () => {
  const render = (value: string) => {
    write({ 'k/kustomization.yaml': `configMapGenerator: [{ name: c, literals: [A=${value}] }]` });
    return build(join(root, 'k'))[0].metadata.name;
  };
  expect(render('1')).toMatch(/^c-[0-9a-f]{10}$/);
  expect(render('1')).toBe(render('1'));
  expect(render('2')).not.toBe(render('1'));
});

test.each([
  ['an unsupported field', 'commonLabels: { a: b }', /unsupported kustomization field\(s\) commonLabels/],
  ['a patch that matches nothing', 'patches: [{ patch: "kind: Service\\nmetadata: { name: nope }" }]', /matches nothing/],
  ['a generator file outside the folder', 'configMapGenerator: [{ name: c, files: [../secret.txt] }]', /outside the kustomization folder/],
  ['merging into a ConfigMap no base generated', 'configMapGenerator: [{ name: c, behavior: merge, literals: [A=1] }]', /needs a ConfigMap c/],
])('rejects %s', (_what, kustomization, error) => {
  write({ 'secret.txt': 'x', 'k/kustomization.yaml': `resources: [d.yaml]\n${kustomization}`, 'k/d.yaml': deployment });
  expect(() => build(join(root, 'k'))).toThrow(error);
});

test('strategic merge: maps deep-merge, named lists merge by key, other lists and null replace or delete', () => {
  const base = { a: { b: 1, c: 2 }, args: ['x'], containers: [{ name: 'a', image: 'i', env: [{ name: 'X', value: '1' }] }] };
  const patch = { a: { c: null, d: 3 }, args: ['y'], containers: [{ name: 'a', env: [{ name: 'Y', value: '2' }] }, { name: 'b', image: 'j' }] };
  expect(strategicMerge(base, patch)).toEqual({
    a: { b: 1, d: 3 },
    args: ['y'],
    containers: [
      { name: 'a', image: 'i', env: [{ name: 'X', value: '1' }, { name: 'Y', value: '2' }] },
      { name: 'b', image: 'j' },
    ],
  });
});

test('image references are parsed with registry ports and digests', () => {
  expect(parseImage('registry:5000/team/app:1.2')).toEqual({ name: 'registry:5000/team/app', tag: '1.2' });
  expect(parseImage('registry:5000/team/app')).toEqual({ name: 'registry:5000/team/app' });
  expect(parseImage('app@sha256:abc')).toEqual({ name: 'app', digest: 'sha256:abc' });
});
