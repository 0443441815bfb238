import { SetMetadata } from '@nestjs/common';
import { ComponentHealth } from '@solvr/contracts';

export const HEALTH_COMPONENT = 'solvr:health-component';
export type HealthComponent = 'storage' | 'mail';

/** Marks a provider whose check() reports one component of GET /api/health. */
export const HealthIndicator = (component: HealthComponent) => SetMetadata(HEALTH_COMPONENT, component);

export interface ChecksHealth {
  check(): Promise<ComponentHealth>;
}
