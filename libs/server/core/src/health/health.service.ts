import { Injectable } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { DataSource } from 'typeorm';
import type { ComponentHealth, HealthComponent, HealthReport } from '@solvr/contracts';
import { markedProviders } from '../discovery/marked-providers';
import { QueueHealth } from '../queue/queue.health';
import { ChecksHealth, HEALTH_COMPONENT } from './health-indicator';
import { withTimeout } from './with-timeout';

const missing = (): ComponentHealth => ({ status: 'down', driver: 'none', error: 'not configured in this process' });

@Injectable()
export class HealthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: QueueHealth,
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  private indicator(component: HealthComponent): ChecksHealth | undefined {
    return markedProviders<ChecksHealth, HealthComponent>(this.discovery, this.reflector, HEALTH_COMPONENT).find((p) => p.mark === component)?.instance;
  }

  async database(): Promise<ComponentHealth> {
    const driver = this.dataSource.options.type === 'mysql' ? 'mysql' : 'sqlite';
    try {
      await withTimeout(this.dataSource.query('SELECT 1'), 2000, 'database did not answer');
      return { status: 'up', driver };
    } catch (err) {
      return { status: 'down', driver, error: (err as Error).message };
    }
  }

  private check(component: HealthComponent): Promise<ComponentHealth> {
    if (component === 'database') return this.database();
    if (component === 'queue') return this.queue.check();
    return this.indicator(component)?.check() ?? Promise.resolve(missing());
  }

  async report(components: readonly HealthComponent[]): Promise<Partial<HealthReport>> {
    const results = await Promise.all(components.map((c) => this.check(c)));
    const report: Partial<HealthReport> = { status: results.every((r) => r.status === 'up') ? 'ok' : 'error' };
    components.forEach((c, i) => (report[c] = results[i]));
    return report;
  }
}
