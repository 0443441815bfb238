import { createSecretKey } from 'crypto';
import { DynamicModule, Global, InjectionToken, Module, ModuleMetadata } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { AppConfig } from '../config/app-config';
import { AccessGuard } from './access.guard';
import { ACCESS_TOKEN_ALGORITHM } from './access.decorators';
import { ACCOUNT_SOURCE, AccessService } from './access.service';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

@Global()
@Module({})
export class AccessModule {
  /** `roles`: the module and provider that read an account's role and token version (core knows no feature; the app wires it). */
  static forRoot(config: AppConfig, roles?: { imports: ModuleMetadata['imports']; useExisting: InjectionToken }): DynamicModule {
    return {
      module: AccessModule,
      imports: [JwtModule.register({
          // A key object, built once: given the string, jsonwebtoken would first try it as a public key on every call.
          secret: createSecretKey(Buffer.from(config.jwtSecret)),
          signOptions: { expiresIn: ACCESS_TOKEN_TTL_SECONDS, algorithm: ACCESS_TOKEN_ALGORITHM },
          verifyOptions: { algorithms: [ACCESS_TOKEN_ALGORITHM] },
        }), ...(roles?.imports ?? [])],
      providers: [AccessService, { provide: APP_GUARD, useClass: AccessGuard }, ...(roles ? [{ provide: ACCOUNT_SOURCE, useExisting: roles.useExisting }] : [])],
      exports: [JwtModule, AccessService],
    };
  }
}
