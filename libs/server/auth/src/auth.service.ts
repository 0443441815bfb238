import { BadRequestException, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { performance } from 'perf_hooks';
import { AUTH_MESSAGES, type AccountView, isValidEmail, normalizeEmail, passwordRuleProblem, RESET_PASSWORD_TTL_HOURS, VERIFY_EMAIL_TTL_HOURS } from '@solvr/contracts';
import { AccessState, AccessTokenClaims } from '@solvr/server-core';
import { Passwords, toAccountView, User, UsersService } from '@solvr/server-users';
import { AuthMail } from './auth-mail';
import { LinkTokensService } from './link-tokens.service';
import { MatchedTiming } from './matched-timing';
import { SessionsService } from './sessions.service';


export type PublicUser = AccountView;

export interface SignedIn {
  access_token: string;
  refresh_token: string;
  user: PublicUser;
}

/** An access token and its account, without a refresh session. */
export interface AccessGrant {
  access_token: string;
  user: PublicUser;
}

export interface GoogleProfile {
  googleId: string;
  email?: string;
  emailVerified: boolean;
}

export class GoogleLinkRefused extends Error {}

/** 400 with PASSWORD_RULE's message (the spec's sign-up text) when a new password breaks it. */
function requirePasswordRule(password: string): void {
  const problem = passwordRuleProblem(password);
  if (problem) throw new BadRequestException(problem);
}

@Injectable()
export class AuthService {
  /** Per flow, how long sending takes: the answer for an address without that e-mail waits as long. */
  private readonly signupTiming = new MatchedTiming();
  private readonly resendTiming = new MatchedTiming();
  private readonly resetTiming = new MatchedTiming();

  constructor(
    private readonly accounts: UsersService,
    private readonly passwords: Passwords,
    private readonly sessions: SessionsService,
    private readonly links: LinkTokensService,
    private readonly mail: AuthMail,
    private readonly jwt: JwtService,
  ) {}

  /**
   * A fresh access token carries the account's current token version; any earlier version is refused. Callers
   * that just read the account pass it as `current`; after a change to the account it is read again.
   */
  private async signedIn(user: User, refreshToken?: string, current?: AccessState): Promise<SignedIn> {
    const { access_token, user: view } = await this.tokenOnly(user, current);
    return { access_token, refresh_token: refreshToken ?? (await this.sessions.start(user.id)), user: view };
  }

  private async tokenOnly(user: User, current?: AccessState): Promise<AccessGrant> {
    const state = current ?? (await this.accounts.accessState(user.id));
    if (!state) throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    return this.grant(toAccountView(user), state);
  }

  /** An access token for the account in this state (its role and token version), with the account as the pages show it. */
  private async grant(account: AccountView, state: AccessState): Promise<AccessGrant> {
    const claims: AccessTokenClaims = { sub: account.id, email: account.email, role: state.role, ver: state.tokenVersion };
    return { access_token: await this.jwt.signAsync(claims), user: { ...account, role: state.role } };
  }

  /** The e-mail and password checked, and the sign-in recorded. */
  private async verified(email: string, password: string): Promise<User> {
    const user = await this.accounts.findWithPasswordHash({ email });
    // The same argon2 work and the same answer for an unknown e-mail and a wrong password.
    const ok = await this.passwords.matches(user?.passwordHash, password);
    if (!user || !ok) throw new UnauthorizedException(AUTH_MESSAGES.invalidCredentials);
    if (!user.emailVerified) throw new ForbiddenException(AUTH_MESSAGES.unverified);
    await this.accounts.recordLogin(user.id);
    return user;
  }

  async login(email: string, password: string): Promise<SignedIn> {
    const user = await this.verified(email, password);
    return this.signedIn(user, undefined, { role: user.role, tokenVersion: user.tokenVersion });
  }

  /** The platform layer's sign-in: the same checks, and an access token only (its clients keep no refresh cookie). */
  async loginForAccessToken(email: string, password: string): Promise<AccessGrant> {
    const user = await this.verified(email, password);
    return this.tokenOnly(user, { role: user.role, tokenVersion: user.tokenVersion });
  }

  /** An access token for an account by id (the platform layer's service-role token lookup); null without such an account. */
  async accessTokenFor(userId: string): Promise<AccessGrant | null> {
    const user = await this.accounts.findWithPasswordHash({ id: userId });
    return user ? this.tokenOnly(user, { role: user.role, tokenVersion: user.tokenVersion }) : null;
  }

  /**
   * Creates an unconfirmed account and e-mails a confirmation link. The answer is the same whether or not the
   * address is taken: an unconfirmed account gets a fresh link, a confirmed one a note to sign in instead. The
   * password is hashed first either way, and a taken address waits as long as a new account takes to be written, so
   * the time taken does not tell the two apart.
   */
  async signup(email: string, password: string): Promise<void> {
    const passwordHash = await this.passwords.hash(password);
    const existing = await this.accounts.findByEmail(email);
    if (existing) {
      const start = performance.now();
      if (existing.emailVerified) await this.mail.alreadyRegistered(existing.email);
      else await this.sendVerification(existing);
      await this.signupTiming.match(performance.now() - start);
      return;
    }
    await this.signupTiming.measure(async () => this.sendVerification(await this.accounts.register(email, passwordHash)));
  }

  private async sendVerification(user: User): Promise<void> {
    await this.mail.verification(user.email, await this.links.issue(user.id, 'verify-email', VERIFY_EMAIL_TTL_HOURS));
  }

  /** Same answer and timing whether or not there is an unconfirmed account (see MatchedTiming). */
  async resendVerification(email: string): Promise<void> {
    const user = await this.accounts.findByEmail(email);
    if (user && !user.emailVerified) await this.resendTiming.measure(() => this.sendVerification(user));
    else await this.resendTiming.match();
  }

  /** Confirms the account; a link already used on a confirmed account answers 'already' rather than 'invalid'. */
  async verifyEmail(token: string | undefined): Promise<'confirmed' | 'already' | 'invalid'> {
    const userId = await this.links.consume(token, 'verify-email');
    if (userId) {
      await this.accounts.markEmailVerified(userId);
      return 'confirmed';
    }
    const owner = await this.links.ownerOfUsed(token, 'verify-email');
    return owner && (await this.accounts.findById(owner))?.emailVerified ? 'already' : 'invalid';
  }

  /** Same answer and timing whether or not the address has an account (see MatchedTiming). */
  async forgotPassword(email: string): Promise<void> {
    const user = await this.accounts.findByEmail(email);
    if (user) await this.resetTiming.measure(async () => this.mail.passwordReset(user.email, await this.links.issue(user.id, 'reset-password', RESET_PASSWORD_TTL_HOURS)));
    else await this.resetTiming.match();
  }

  /** Sets the new password (PASSWORD_RULE, as at sign-up) and signs the user out everywhere (sessions and access tokens). */
  async resetPassword(token: string, password: string): Promise<void> {
    requirePasswordRule(password);
    const userId = await this.links.consume(token, 'reset-password');
    if (!userId) throw new BadRequestException(AUTH_MESSAGES.linkInvalid);
    await this.accounts.resetPassword(userId, password);
    await this.sessions.revokeAllForUser(userId);
  }

  /**
   * A signed-in password change under PASSWORD_RULE (as at sign-up): the current password is needed when the account
   * has one. Every other session ends and earlier access tokens stop working; this browser gets a new session.
   */
  async changePassword(userId: string, current: string | undefined, next: string): Promise<SignedIn> {
    const user = await this.accounts.findWithPasswordHash({ id: userId });
    if (!user) throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    if (user.passwordHash) {
      if (!current) throw new BadRequestException(AUTH_MESSAGES.currentPasswordRequired);
      if (!(await this.passwords.verify(user.passwordHash, current))) throw new BadRequestException(AUTH_MESSAGES.currentPasswordWrong);
    }
    requirePasswordRule(next);
    await this.accounts.changePassword(userId, next);
    await this.sessions.revokeAllForUser(userId);
    return this.signedIn({ ...user, passwordHash: 'set' });
  }

  /**
   * Signs in with Google, only for an address the provider says is verified: by Google id, else by e-mail
   * (linking that account; an unconfirmed one loses its password and sessions, see UsersService.linkGoogle),
   * else a new account without a password.
   */
  async googleLogin(profile: GoogleProfile): Promise<SignedIn & { created: boolean }> {
    if (!profile.emailVerified) throw new GoogleLinkRefused(AUTH_MESSAGES.googleNotVerified);
    const known = await this.accounts.findByGoogleId(profile.googleId);
    let user = known ? await this.accounts.findWithPasswordHash({ id: known.id }) : null;
    let created = false;
    if (!user) {
      const email = profile.email ? normalizeEmail(profile.email) : undefined;
      if (!email || !isValidEmail(email)) throw new GoogleLinkRefused(AUTH_MESSAGES.googleUnavailable);
      const existing = await this.accounts.findWithPasswordHash({ email });
      if (existing) {
        if (!existing.emailVerified) await this.sessions.revokeAllForUser(existing.id);
        await this.accounts.linkGoogle(existing, profile.googleId);
        user = existing;
      } else {
        user = await this.accounts.registerFromGoogle(email, profile.googleId, true);
        created = true;
      }
    }
    await this.accounts.recordLogin(user.id);
    return { ...(await this.signedIn(user)), created };
  }

  async refresh(token: string | undefined): Promise<SignedIn> {
    const { userId, token: next } = await this.sessions.rotate(token);
    // The account as the access checks read it (kept ACCESS_STATE_MS, else one row by key): a refresh, one per page
    // load, reads no full user row.
    const state = await this.accounts.accessState(userId);
    if (!state?.account) throw new UnauthorizedException(AUTH_MESSAGES.sessionExpired);
    return { ...(await this.grant(state.account, state)), refresh_token: next };
  }

  /** Ends this session and makes the account's access tokens stop working. */
  async logout(token: string | undefined): Promise<void> {
    const userId = await this.sessions.end(token);
    if (userId) await this.accounts.revokeAccessTokens(userId);
  }
}
