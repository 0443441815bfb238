import { Controller, Get, Header } from '@nestjs/common';
import type { PublicConfig } from '@solvr/contracts';
import { Public, ApiDoc, doc } from '@solvr/server-core';
import { PublicConfigSource } from './public-config';

@Public()
@Controller('public-config')
export class PublicConfigController {
  constructor(private readonly source: PublicConfigSource) {}

  @Get()
  // Settings of this process: the same answer until it restarts (a browser keeps it a minute, then revalidates).
  @Header('Cache-Control', 'public, max-age=60')
  @ApiDoc('Site', { summary: 'What the web needs before sign-in: brand texts, sign-in options', answers: doc.ok('PublicConfig') })
  get(): PublicConfig {
    return this.source.value;
  }
}
