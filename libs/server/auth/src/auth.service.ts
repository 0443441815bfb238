import { BadRequestException, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { Repository } from 'typeorm';
import { AUTH_MESSAGES, type AccountView, meetsPasswordRules, PROFILE_MESSAGES, RESET_PASSWORD_TTL_HOURS, VERIFY_EMAIL_TTL_HOURS } from '@solvr/contracts';
import { AccessTokenClaims } from '@solvr/server-core';
import { hashPassword, User, UsersService, verifyPassword } from '@solvr/server-users';
import { AuthMail } from './auth-mail';
import { LinkTokensService } from './link-tokens.service';
import { SessionsService } from './sessions.service';


export type PublicUser = AccountView;

export const toPublicUser = (u: User): PublicUser => ({
  id: u.id,
  email: u.email,
  full_name: u.fullName,
  role: u.role,
  download_count: u.downloadCount,
  profile_completed: u.profileCompleted,
  has_password: !!u.passwordHash,
});

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
    @InjectRepository(User) private readonly users: Repository<User>,
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
      user: toPublicUser(user),
    };
  }

  async login(email: string, password: string): Promise<SignedIn> {
    const user = await this.accounts.findWithPasswordHash({ email: email.trim().toLowerCase() });
    // Same answer for an unknown e-mail and a wrong password.
    if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, password))) throw new UnauthorizedException(AUTH_MESSAGES.invalidCredentials);
    if (!user.emailVerified) throw new ForbiddenException(AUTH_MESSAGES.unverified);
    await this.users.update(user.id, { lastLogin: new Date() });
    return this.signedIn(user);
  }

  /**
   * Creates an unconfirmed account and e-mails a confirmation link. The answer is the same whether or not the
   * address is taken: an unconfirmed account gets a fresh link, a confirmed one a note to sign in instead.
   */
  async signup(email: string, password: string): Promise<void> {
    const normalized = email.trim().toLowerCase();
    const existing = await this.users.findOneBy({ email: normalized });
    if (existing) {
      if (existing.emailVerified) await this.mail.alreadyRegistered(normalized);
      else await this.sendVerification(existing);
      return;
    }
    const user = this.users.create({ id: randomUUID(), email: normalized, passwordHash: await hashPassword(password), role: 'user' });
    await this.users.insert(user);
    await this.sendVerification(user);
  }

  private async sendVerification(user: User): Promise<void> {
    await this.mail.verification(user.email, await this.links.issue(user.id, 'verify-email', VERIFY_EMAIL_TTL_HOURS));
  }

  async resendVerification(email: string): Promise<void> {
    const user = await this.users.findOneBy({ email: email.trim().toLowerCase() });
    if (user && !user.emailVerified) await this.sendVerification(user);
  }

  /** True when the link was valid; the account is confirmed. */
  async verifyEmail(token: string | undefined): Promise<boolean> {
    const userId = await this.links.consume(token, 'verify-email');
    if (!userId) return false;
    await this.users.update(userId, { emailVerified: true });
    return true;
  }

  async forgotPassword(email: string): Promise<void> {
    const user = await this.users.findOneBy({ email: email.trim().toLowerCase() });
    if (user) await this.mail.passwordReset(user.email, await this.links.issue(user.id, 'reset-password', RESET_PASSWORD_TTL_HOURS));
  }

  /** Sets the new password and signs the user out everywhere. */
  async resetPassword(token: string, password: string): Promise<void> {
    if (!meetsPasswordRules(password)) throw new BadRequestException(PROFILE_MESSAGES.passwordRules);
    const userId = await this.links.consume(token, 'reset-password');
    if (!userId) throw new BadRequestException(AUTH_MESSAGES.linkInvalid);
    // Following the e-mailed link also proves the address.
    await this.users.update(userId, { passwordHash: await hashPassword(password), emailVerified: true });
    await this.sessions.revokeAllForUser(userId);
  }

  /**
   * Signs in with Google: by Google id, else by e-mail, linking an existing account only when Google says the
   * address is verified; otherwise creates an account without a password.
   */
  async googleLogin(profile: GoogleProfile): Promise<SignedIn & { created: boolean }> {
    const known = await this.users.findOneBy({ googleId: profile.googleId });
    let user = known ? await this.accounts.findWithPasswordHash({ id: known.id }) : null;
    let created = false;
    if (!user) {
      const email = profile.email?.trim().toLowerCase();
      if (!email) throw new GoogleLinkRefused(AUTH_MESSAGES.googleUnavailable);
      const existing = await this.accounts.findWithPasswordHash({ email });
      if (existing) {
        if (!profile.emailVerified) throw new GoogleLinkRefused(AUTH_MESSAGES.googleNotVerified);
        await this.users.update(existing.id, { googleId: profile.googleId, emailVerified: true });
        user = existing;
      } else {
        user = this.users.create({ id: randomUUID(), email, googleId: profile.googleId, emailVerified: profile.emailVerified, role: 'user' });
        await this.users.insert(user);
        user.passwordHash = null;
        created = true;
      }
    }
    await this.users.update(user.id, { lastLogin: new Date() });
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
    return toPublicUser(user);
  }
}
