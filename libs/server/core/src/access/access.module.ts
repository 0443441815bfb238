import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { AppConfig } from '../config/app-config';
import { AccessGuard } from './access.guard';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

@Global()
@Module({})
export class AccessModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AccessModule,
      imports: [JwtModule.register({ secret: config.jwtSecret, signOptions: { expiresIn: ACCESS_TOKEN_TTL_SECONDS } })],
      providers: [{ provide: APP_GUARD, useClass: AccessGuard }],
      exports: [JwtModule],
    };
  }
}
