import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import type { Response } from 'express';
import { HealthReport } from '@solvr/contracts';
import { Public } from '../access/access.decorators';
import { HealthService } from './health.service';

@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Readiness: every component up, else 503 with the failing part named. */
  @Get()
  async report(@Res() res: Response): Promise<void> {
    const report = (await this.health.report(['database', 'queue', 'storage', 'mail'])) as HealthReport;
    res.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).json(report);
  }

  /** Liveness: the process answers; dependencies are not checked so a database outage does not restart pods. */
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
