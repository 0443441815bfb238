import type { DiscoveryService, Reflector } from '@nestjs/core';

/** A provider instance whose class carries a metadata key, with that key's value. */
export interface MarkedProvider<T, V> {
  instance: T;
  mark: V;
}

/**
 * The process's provider instances whose class was marked with `key` (SetMetadata on the class), each with its mark.
 * How features offer something to another feature without either importing the other (job handlers, health checks,
 * mail segments).
 */
export function markedProviders<T = unknown, V = unknown>(discovery: DiscoveryService, reflector: Reflector, key: string): MarkedProvider<T, V>[] {
  const found: MarkedProvider<T, V>[] = [];
  for (const { instance, metatype } of discovery.getProviders()) {
    if (!instance || !metatype) continue;
    const mark = reflector.get<V | undefined>(key, metatype as never);
    if (mark !== undefined) found.push({ instance: instance as T, mark });
  }
  return found;
}
