import { BadRequestException, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AUTH_MESSAGES, type AccountView, meetsPasswordRules, normalizeEmail, PROFILE_MESSAGES, RESET_PASSWORD_TTL_HOURS, VERIFY_EMAIL_TTL_HOURS } from '@solvr/contracts';
import { AccessTokenClaims } from '@solvr/server-core';
import { hashPassword, toAccountView, User, UsersService, verifyPassword } from '@solvr/server-users';
import { AuthMail } from './auth-mail';
import { LinkTokensService } from './link-tokens.service';
import { SessionsService } from './sessions.service';


export type PublicUser = AccountView;

export interface SignedIn {
  access_token: string;
  refresh_token: string;
  user: PublicUser;
}

export interface GoogleProfile {
  googleId: string;
  email?: string;
  emailVerified: boolean;
}

export class GoogleLinkRefused extends Error {}

@Injectable()
export class AuthService {
  constructor(
    private readonly accounts: UsersService,
    private readonly sessions: SessionsService,
    private readonly links: LinkTokensService,
    private readonly mail: AuthMail,
    private readonly jwt: JwtService,
  ) {}

  private async signedIn(user: User, refreshToken?: string): Promise<SignedIn> {
    const claims: AccessTokenClaims = { sub: user.id, email: user.email, role: user.role };
    return {
      access_token: await this.jwt.signAsync(claims),
      refresh_token: refreshToken ?? (await this.sessions.start(user.id)),
      user: toAccountView(user),
    };
  }

  async login(email: string, password: string): Promise<SignedIn> {
    const user = await this.accounts.findWithPasswordHash({ email });
    // Same answer for an unknown e-mail and a wrong password.
    if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, password))) throw new UnauthorizedException(AUTH_MESSAGES.invalidCredentials);
    if (!user.emailVerified) throw new ForbiddenException(AUTH_MESSAGES.unverified);
    await this.accounts.recordLogin(user.id);
    return this.signedIn(user);
  }

  /**
   * Creates an unconfirmed account and e-mails a confirmation link. The answer is the same whether or not the
   * address is taken: an unconfirmed account gets a fresh link, a confirmed one a note to sign in instead.
   */
  async signup(email: string, password: string): Promise<void> {
    const existing = await this.accounts.findByEmail(email);
    if (existing) {
      if (existing.emailVerified) await this.mail.alreadyRegistered(existing.email);
      else await this.sendVerification(existing);
      return;
    }
    await this.sendVerification(await this.accounts.register(email, await hashPassword(password)));
  }

  private async sendVerification(user: User): Promise<void> {
    await this.mail.verification(user.email, await this.links.issue(user.id, 'verify-email', VERIFY_EMAIL_TTL_HOURS));
  }

  async resendVerification(email: string): Promise<void> {
    const user = await this.accounts.findByEmail(email);
    if (user && !user.emailVerified) await this.sendVerification(user);
  }

  /** True when the link was valid; the account is confirmed. */
  async verifyEmail(token: string | undefined): Promise<boolean> {
    const userId = await this.links.consume(token, 'verify-email');
    if (!userId) return false;
    await this.accounts.markEmailVerified(userId);
    return true;
  }

  async forgotPassword(email: string): Promise<void> {
    const user = await this.accounts.findByEmail(email);
    if (user) await this.mail.passwordReset(user.email, await this.links.issue(user.id, 'reset-password', RESET_PASSWORD_TTL_HOURS));
  }

  /** Sets the new password and signs the user out everywhere. */
  async resetPassword(token: string, password: string): Promise<void> {
    if (!meetsPasswordRules(password)) throw new BadRequestException(PROFILE_MESSAGES.passwordRules);
    const userId = await this.links.consume(token, 'reset-password');
    if (!userId) throw new BadRequestException(AUTH_MESSAGES.linkInvalid);
    await this.accounts.resetPassword(userId, password);
    await this.sessions.revokeAllForUser(userId);
  }

  /**
   * Signs in with Google: by Google id, else by e-mail, linking an existing account only when Google says the
   * address is verified; otherwise creates an account without a password.
   */
  async googleLogin(profile: GoogleProfile): Promise<SignedIn & { created: boolean }> {
    const known = await this.accounts.findByGoogleId(profile.googleId);
    let user = known ? await this.accounts.findWithPasswordHash({ id: known.id }) : null;
    let created = false;
    if (!user) {
      const email = profile.email ? normalizeEmail(profile.email) : undefined;
      if (!email) throw new GoogleLinkRefused(AUTH_MESSAGES.googleUnavailable);
      const existing = await this.accounts.findWithPasswordHash({ email });
      if (existing) {
        if (!profile.emailVerified) throw new GoogleLinkRefused(AUTH_MESSAGES.googleNotVerified);
        await this.accounts.linkGoogle(existing.id, profile.googleId);
        user = existing;
      } else {
        user = await this.accounts.registerFromGoogle(email, profile.googleId, profile.emailVerified);
        created = true;
      }
    }
    await this.accounts.recordLogin(user.id);
    return { ...(await this.signedIn(user)), created };
  }

  async refresh(token: string | undefined): Promise<SignedIn> {
    const { userId, token: next } = await this.sessions.rotate(token);
    const user = await this.accounts.findWithPasswordHash({ id: userId });
    if (!user) throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    return this.signedIn(user, next);
  }

  logout(token: string | undefined): Promise<void> {
    return this.sessions.end(token);
  }

  async me(userId: string): Promise<PublicUser> {
    const user = await this.accounts.findWithPasswordHash({ id: userId });
    if (!user) throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    return toAccountView(user);
  }
}
