/** Schema validation of rendered objects with the OpenAPI schemas shipped in kubernetes-models. */
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import type { K8sObject } from './kustomize';

// Typed loosely: with this repo's "node" module resolution TypeScript cannot see the models' base class.
const MODELS: Record<string, new (data: any) => any> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
};

/** Throws when the object does not match its kind's schema, or when its kind is not one we know. */
export function validateObject(obj: K8sObject): void {
  const Model = MODELS[`${obj.apiVersion}/${obj.kind}`];
  if (!Model) throw new Error(`no schema for ${obj.apiVersion} ${obj.kind}; add it to k8s-models.ts`);
  new Model(obj).validate();
}
