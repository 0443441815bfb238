import { Controller, Get, HttpStatus, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HEALTH_COMPONENTS, HealthReport } from '@solvr/contracts';
import { Public, type SessionUser } from '../access/access.decorators';
import { HealthService } from './health.service';
import { ApiDoc, doc } from '../http/api-doc';

@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** Readiness: every component up, else 503 with the failing part named. */
  @Get()
  @ApiDoc('Site', {
    summary: 'Readiness: each part (database, queue, storage, mail) and its driver',
    description: 'Only admins see the error text of a part that is down.',
    answers: doc.ok('HealthReport', 'Every part is up'),
    errors: [503],
  })
  async report(@Req() req: FastifyRequest & { user?: SessionUser }, @Res() res: FastifyReply): Promise<void> {
    const report = (await this.health.report(HEALTH_COMPONENTS)) as HealthReport;
    // Probes and visitors see which part is down; only admins see the underlying error text.
    if (req.user?.role !== 'admin') for (const part of HEALTH_COMPONENTS) delete report[part].error;
    res.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).send(report);
  }

  /** Liveness: the process answers; dependencies are not checked so a database outage does not restart pods. */
  @Get('live')
  @ApiDoc('Site', { summary: 'Liveness: the process answers', answers: doc.ok({ type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] }) })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
