import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Profile, Strategy } from 'passport-google-oauth20';
import { AppConfig, InjectConfig } from '@solvr/server-core';
import { authConfig, type AuthConfig } from './auth.config';
import type { GoogleProfile } from './auth.service';

export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';

/** The OAuth 2.0 authorization-code flow with Google (or any provider at the configured endpoints). */
@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(@InjectConfig() config: AppConfig, @InjectConfig(authConfig) auth: AuthConfig) {
    const google = auth.google!;
    super({
      clientID: google.clientId,
      clientSecret: google.clientSecret,
      authorizationURL: google.authUrl,
      tokenURL: google.tokenUrl,
      userProfileURL: google.userInfoUrl,
      callbackURL: `${config.publicUrl}${GOOGLE_CALLBACK_PATH}`,
      scope: ['openid', 'email', 'profile'],
    });
  }

  validate(_accessToken: string, _refreshToken: string, profile: Profile): GoogleProfile {
    const json = profile._json as { email?: string; email_verified?: boolean | string };
    return {
      googleId: profile.id,
      email: json.email ?? profile.emails?.[0]?.value,
      emailVerified: json.email_verified === true || json.email_verified === 'true',
    };
  }
}
