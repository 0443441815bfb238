import { Injectable } from '@nestjs/common';
import type { PublicConfig } from '@solvr/contracts';
import { authConfig, type AuthConfig } from '@solvr/server-auth';
import { AppConfig, InjectConfig } from '@solvr/server-core';

/** What the web needs before sign-in: the brand texts and which sign-in options exist (settings of this process). */
@Injectable()
export class PublicConfigSource {
  readonly value: PublicConfig;

  constructor(@InjectConfig() config: AppConfig, @InjectConfig(authConfig) auth: AuthConfig) {
    this.value = { brand: config.brand, googleEnabled: !!auth.google, proofVideoId: config.proofVideoId };
  }
}
