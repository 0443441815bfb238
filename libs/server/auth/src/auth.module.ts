import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig, configOf } from '@solvr/server-core';
import { authConfig } from './auth.config';
import { MailModule } from '@solvr/server-mail';
import { UsersModule } from '@solvr/server-users';
import { AuthController } from './auth.controller';
import { AuthMail } from './auth-mail';
import { AuthService } from './auth.service';
import { AuthSession } from './auth-session.entity';
import { AuthToken } from './auth-token.entity';
import { GoogleStrategy } from './google.strategy';
import { LinkTokensService } from './link-tokens.service';
import { SessionsService } from './sessions.service';
import { SameSiteGuard } from './same-site.guard';
import { ThrottleGuard, ThrottleService } from './throttle.guard';

@Module({})
export class AuthModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AuthModule,
      imports: [UsersModule, MailModule, TypeOrmModule.forFeature([AuthSession, AuthToken])],
      controllers: [AuthController],
      providers: [AuthService, SessionsService, LinkTokensService, AuthMail, ThrottleService, ThrottleGuard, SameSiteGuard, ...(configOf(config, authConfig).google ? [GoogleStrategy] : [])],
      exports: [AuthService, SessionsService],
    };
  }
}
