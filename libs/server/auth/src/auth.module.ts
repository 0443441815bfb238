import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig, configOf } from '@solvr/server-core';
import { authConfig } from './auth.config';
import { MailModule } from '@solvr/server-mail';
import { UsersDataModule } from '@solvr/server-users';
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

/** Sign-in, sessions, links and throttles, without routes: the site's auth routes and the platform layer's login use it. */
@Module({
  imports: [UsersDataModule, MailModule, TypeOrmModule.forFeature([AuthSession, AuthToken])],
  providers: [AuthService, SessionsService, LinkTokensService, AuthMail, ThrottleService, ThrottleGuard, SameSiteGuard],
  exports: [AuthService, SessionsService, ThrottleService, ThrottleGuard, SameSiteGuard],
})
export class AuthCoreModule {}

/** The site's auth routes (and Google sign-in when configured). */
@Module({})
export class AuthModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AuthModule,
      imports: [AuthCoreModule],
      controllers: [AuthController],
      providers: configOf(config, authConfig).google ? [GoogleStrategy] : [],
      exports: [AuthCoreModule],
    };
  }
}
