/**
 * A small kustomize renderer for the offline checks (no kustomize binary on the build machines).
 * It supports exactly the features k8s/ uses and throws on any other kustomization field, so the manifests
 * cannot drift outside what is checked:
 *   resources (files and nested kustomization folders), namespace, labels (pairs, includeTemplates),
 *   images (newName, newTag, digest), replicas, patches (strategic merge, or JSON 6902 with a target),
 *   configMapGenerator / secretGenerator (files, literals, envs, behavior create | merge | replace).
 * Generated names get a content-hash suffix and references in pod specs follow, as kustomize does (the hash itself
 * differs from kustomize's, which does not matter for the checks).
 */
import { createHash } from 'crypto';
import { existsSync, readFileSync, statSync } from 'fs';
import { dirname, join, normalize, resolve } from 'path';
import YAML from 'yaml';

export type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; [k: string]: any }; [k: string]: any };

const SUPPORTED = new Set([
  'apiVersion',
  'kind',
  'resources',
  'namespace',
  'labels',
  'images',
  'replicas',
  'patches',
  'configMapGenerator',
  'secretGenerator',
]);
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition', 'PriorityClass', 'StorageClass']);
const GENERATED = Symbol('generated');

type Generated = K8sObject & { [GENERATED]?: { hash: boolean } };

interface GeneratorArgs {
  name: string;
  behavior?: 'create' | 'merge' | 'replace';
  files?: string[];
  literals?: string[];
  envs?: string[];
  options?: { disableNameSuffixHash?: boolean; labels?: Record<string, string> };
}

/** Renders a kustomization folder to the objects `kustomize build <dir>` would print. */
export function build(dir: string): K8sObject[] {
  const objects = renderDir(resolve(dir));
  applyNameSuffixHashes(objects);
  return objects.map((o) => JSON.parse(JSON.stringify(o)));
}

function readKustomization(dir: string): Record<string, any> {
  const file = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'].map((f) => join(dir, f)).find(existsSync);
  if (!file) throw new Error(`${dir}: no kustomization.yaml`);
  const k = YAML.parse(readFileSync(file, 'utf8')) ?? {};
  const unsupported = Object.keys(k).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length) throw new Error(`${file}: unsupported kustomization field(s) ${unsupported.join(', ')}`);
  return k;
}

function renderDir(dir: string): Generated[] {
  const k = readKustomization(dir);
  const objects: Generated[] = [];
  for (const entry of k.resources ?? []) {
    const path = resolve(dir, entry);
    if (statSync(path).isDirectory()) objects.push(...renderDir(path));
    else objects.push(...readObjects(path));
  }
  for (const gen of k.configMapGenerator ?? []) generate(objects, 'ConfigMap', gen, dir);
  for (const gen of k.secretGenerator ?? []) generate(objects, 'Secret', gen, dir);
  for (const p of k.patches ?? []) applyPatch(objects, p, dir);
  for (const img of k.images ?? []) setImage(objects, img);
  for (const r of k.replicas ?? []) setReplicas(objects, r);
  for (const l of k.labels ?? []) addLabels(objects, l);
  if (k.namespace) {
    for (const o of objects) if (!CLUSTER_SCOPED.has(o.kind)) o.metadata.namespace = k.namespace;
  }
  assertUnique(objects, dir);
  return objects;
}

function readObjects(file: string): Generated[] {
  return YAML.parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => d.toJS())
    .filter((o) => o != null)
    .map((o) => {
      if (!o.apiVersion || !o.kind || !o.metadata?.name) throw new Error(`${file}: every object needs apiVersion, kind and metadata.name`);
      return o;
    });
}

function assertUnique(objects: K8sObject[], dir: string): void {
  const seen = new Set<string>();
  for (const o of objects) {
    const id = `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;
    if (seen.has(id)) throw new Error(`${dir}: ${id} is defined twice`);
    seen.add(id);
  }
}

/** A path inside the kustomization folder, as kustomize's default load restrictor demands. */
function localFile(dir: string, path: string): string {
  const full = normalize(join(dir, path));
  if (!full.startsWith(dir + '/')) throw new Error(`${dir}: file ${path} is outside the kustomization folder`);
  return full;
}

function splitPair(text: string, what: string): [string, string] {
  const i = text.indexOf('=');
  if (i <= 0) throw new Error(`${what} "${text}" is not KEY=VALUE`);
  return [text.slice(0, i).trim(), text.slice(i + 1)];
}

function generatorData(gen: GeneratorArgs, dir: string): Record<string, string> {
  const data: Record<string, string> = {};
  for (const env of gen.envs ?? []) {
    for (const line of readFileSync(localFile(dir, env), 'utf8').split('\n')) {
      if (!line.trim() || line.trimStart().startsWith('#')) continue;
      const [key, value] = splitPair(line, `${env} line`);
      data[key] = value;
    }
  }
  for (const entry of gen.files ?? []) {
    const [key, path] = entry.includes('=') ? splitPair(entry, 'file') : [entry.split('/').pop() as string, entry];
    data[key] = readFileSync(localFile(dir, path), 'utf8');
  }
  for (const literal of gen.literals ?? []) {
    const [key, value] = splitPair(literal, 'literal');
    data[key] = value.replace(/^(["'])(.*)\1$/, '$2');
  }
  return data;
}

function generate(objects: Generated[], kind: 'ConfigMap' | 'Secret', gen: GeneratorArgs, dir: string): void {
  const unknown = Object.keys(gen).filter((key) => !['name', 'behavior', 'files', 'literals', 'envs', 'options'].includes(key));
  if (unknown.length) throw new Error(`${dir}: unsupported ${kind} generator field(s) ${unknown.join(', ')}`);
  const data = generatorData(gen, dir);
  const encoded = kind === 'Secret' ? Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v).toString('base64')])) : data;
  const behavior = gen.behavior ?? 'create';
  const existing = objects.find((o) => o.kind === kind && o.metadata.name === gen.name && o[GENERATED]);
  if (behavior === 'create') {
    if (existing) throw new Error(`${dir}: ${kind} ${gen.name} already generated; use behavior merge or replace`);
    const obj: Generated = { apiVersion: 'v1', kind, metadata: { name: gen.name }, data: encoded };
    if (kind === 'Secret') obj.type = 'Opaque';
    if (gen.options?.labels) obj.metadata.labels = { ...gen.options.labels };
    obj[GENERATED] = { hash: !gen.options?.disableNameSuffixHash };
    objects.push(obj);
    return;
  }
  if (!existing) throw new Error(`${dir}: behavior ${behavior} needs a ${kind} ${gen.name} generated by a base`);
  existing.data = behavior === 'merge' ? { ...existing.data, ...encoded } : encoded;
}

function matchesTarget(o: K8sObject, target: Record<string, string>): boolean {
  const unknown = Object.keys(target).filter((key) => !['kind', 'name'].includes(key));
  if (unknown.length) throw new Error(`patch target field(s) ${unknown.join(', ')} not supported`);
  return (!target.kind || o.kind === target.kind) && (!target.name || o.metadata.name === target.name);
}

function applyPatch(objects: Generated[], entry: { path?: string; patch?: string; target?: Record<string, string> }, dir: string): void {
  const text = entry.path ? readFileSync(localFile(dir, entry.path), 'utf8') : entry.patch;
  if (!text) throw new Error(`${dir}: a patch needs path or patch`);
  const patch = YAML.parse(text);
  if (Array.isArray(patch)) {
    const target = entry.target;
    if (!target) throw new Error(`${dir}: a JSON 6902 patch needs a target`);
    const hits = objects.filter((o) => matchesTarget(o, target));
    if (!hits.length) throw new Error(`${dir}: patch target ${JSON.stringify(entry.target)} matches nothing`);
    for (const o of hits) for (const op of patch) jsonPatch(o, op);
    return;
  }
  const target = entry.target ?? { kind: patch.kind, name: patch.metadata?.name };
  const hits = objects.filter((o) => matchesTarget(o, target));
  if (!hits.length) throw new Error(`${dir}: patch for ${JSON.stringify(target)} matches nothing`);
  const body = { ...patch };
  if (entry.target) delete body.metadata; // with a target, the patch's own name does not rename the object
  for (const o of hits) {
    const merged = strategicMerge(o, body);
    for (const key of Object.keys(o)) if (!(key in merged)) delete o[key];
    Object.assign(o, merged);
  }
}

/** Lists merged element-wise, by key, as the Kubernetes strategic-merge patch does for these fields. */
const MERGE_KEYS: Record<string, (item: any) => unknown> = {
  containers: (c) => c.name,
  initContainers: (c) => c.name,
  env: (e) => e.name,
  volumes: (v) => v.name,
  volumeMounts: (m) => m.mountPath,
  ports: (p) => p.containerPort ?? p.port,
  imagePullSecrets: (s) => s.name,
};

export function strategicMerge(base: any, patch: any, field?: string): any {
  if (patch === null) return undefined;
  if (Array.isArray(patch)) {
    const key = field ? MERGE_KEYS[field] : undefined;
    if (!key || !Array.isArray(base)) return patch;
    const merged = [...base];
    for (const item of patch) {
      const i = merged.findIndex((m) => key(m) === key(item));
      if (i >= 0) merged[i] = strategicMerge(merged[i], item);
      else merged.push(item);
    }
    return merged;
  }
  if (typeof patch !== 'object' || typeof base !== 'object' || base === null || Array.isArray(base)) return patch;
  const out = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    const merged = strategicMerge(base[k], v, k);
    if (merged === undefined) delete out[k];
    else out[k] = merged;
  }
  return out;
}

function jsonPatch(obj: any, op: { op: string; path: string; value?: unknown }): void {
  const parts = op.path.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = parts.pop() as string;
  let parent = obj;
  for (const p of parts) {
    parent = parent?.[p];
    if (parent === undefined) throw new Error(`JSON patch path ${op.path} does not exist`);
  }
  const isList = Array.isArray(parent);
  const index = last === '-' ? parent.length : Number(last);
  if (op.op === 'add') {
    if (isList) parent.splice(index, 0, op.value);
    else parent[last] = op.value;
  } else if (op.op === 'replace') {
    if (!(last in parent)) throw new Error(`JSON patch replace: ${op.path} does not exist`);
    parent[last] = op.value;
  } else if (op.op === 'remove') {
    if (!(last in parent)) throw new Error(`JSON patch remove: ${op.path} does not exist`);
    if (isList) parent.splice(index, 1);
    else delete parent[last];
  } else {
    throw new Error(`JSON patch op ${op.op} not supported`);
  }
}

/** The pod spec inside a workload, if it has one. */
export function podSpec(o: K8sObject): any | undefined {
  if (o.kind === 'Pod') return o.spec;
  if (o.kind === 'CronJob') return o.spec?.jobTemplate?.spec?.template?.spec;
  return o.spec?.template?.spec;
}

export function containersOf(o: K8sObject): any[] {
  const spec = podSpec(o);
  return spec ? [...(spec.initContainers ?? []), ...(spec.containers ?? [])] : [];
}

/** Splits "registry:5000/team/app:1.2@sha256:..." into name, tag and digest. */
export function parseImage(image: string): { name: string; tag?: string; digest?: string } {
  const [rest, digest] = image.split('@');
  const slash = rest.lastIndexOf('/');
  const colon = rest.lastIndexOf(':');
  if (colon > slash) return { name: rest.slice(0, colon), tag: rest.slice(colon + 1), digest };
  return { name: rest, digest };
}

function setImage(objects: K8sObject[], img: { name: string; newName?: string; newTag?: string; digest?: string }): void {
  const unknown = Object.keys(img).filter((key) => !['name', 'newName', 'newTag', 'digest'].includes(key));
  if (unknown.length) throw new Error(`images: field(s) ${unknown.join(', ')} not supported`);
  for (const o of objects) {
    for (const c of containersOf(o)) {
      const parsed = parseImage(c.image);
      if (parsed.name !== img.name) continue;
      const name = img.newName ?? parsed.name;
      if (img.digest) c.image = `${name}@${img.digest}`;
      else if (img.newTag) c.image = `${name}:${img.newTag}`;
      else c.image = `${name}${parsed.tag ? `:${parsed.tag}` : ''}${parsed.digest ? `@${parsed.digest}` : ''}`;
    }
  }
}

function setReplicas(objects: K8sObject[], r: { name: string; count: number }): void {
  const hits = objects.filter((o) => ['Deployment', 'StatefulSet', 'ReplicaSet'].includes(o.kind) && o.metadata.name === r.name);
  if (!hits.length) throw new Error(`replicas: no workload named ${r.name}`);
  for (const o of hits) o.spec.replicas = r.count;
}

function addLabels(objects: K8sObject[], l: { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }): void {
  if (l.includeSelectors) throw new Error('labels.includeSelectors is not supported (selectors are immutable; keep them explicit)');
  for (const o of objects) {
    o.metadata.labels = { ...o.metadata.labels, ...l.pairs };
    if (l.includeTemplates && o.spec?.template?.metadata) o.spec.template.metadata.labels = { ...o.spec.template.metadata.labels, ...l.pairs };
  }
}

/** Final step of a build: hash-suffix generated names and point pod-spec references at the new names. */
function applyNameSuffixHashes(objects: Generated[]): void {
  const renamed: Record<'ConfigMap' | 'Secret', Map<string, string>> = { ConfigMap: new Map(), Secret: new Map() };
  for (const o of objects) {
    if (!o[GENERATED]?.hash) continue;
    const hash = createHash('sha256').update(JSON.stringify({ kind: o.kind, data: o.data })).digest('hex').slice(0, 10);
    const name = `${o.metadata.name}-${hash}`;
    renamed[o.kind as 'ConfigMap' | 'Secret'].set(o.metadata.name, name);
    o.metadata.name = name;
  }
  const cm = (name: string) => renamed.ConfigMap.get(name) ?? name;
  const secret = (name: string) => renamed.Secret.get(name) ?? name;
  for (const o of objects) {
    const spec = podSpec(o);
    if (!spec) continue;
    for (const v of spec.volumes ?? []) {
      if (v.configMap) v.configMap.name = cm(v.configMap.name);
      if (v.secret) v.secret.secretName = secret(v.secret.secretName);
    }
    for (const c of containersOf(o)) {
      for (const from of c.envFrom ?? []) {
        if (from.configMapRef) from.configMapRef.name = cm(from.configMapRef.name);
        if (from.secretRef) from.secretRef.name = secret(from.secretRef.name);
      }
      for (const e of c.env ?? []) {
        if (e.valueFrom?.configMapKeyRef) e.valueFrom.configMapKeyRef.name = cm(e.valueFrom.configMapKeyRef.name);
        if (e.valueFrom?.secretKeyRef) e.valueFrom.secretKeyRef.name = secret(e.valueFrom.secretKeyRef.name);
      }
    }
  }
}

/** Folder of this repository's k8s manifests. */
export const K8S_DIR = resolve(__dirname, '../../../k8s');
export const REPO_ROOT = dirname(K8S_DIR);
