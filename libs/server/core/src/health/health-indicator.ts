import { SetMetadata } from '@nestjs/common';
import type { ComponentHealth, HealthComponent } from '@solvr/contracts';

export const HEALTH_COMPONENT = 'solvr:health-component';

/** Marks a feature's provider whose check() reports one component of GET /api/health (core checks database and queue). */
export const HealthIndicator = (component: HealthComponent) => SetMetadata(HEALTH_COMPONENT, component);

export interface ChecksHealth {
  check(): Promise<ComponentHealth>;
}
