import { ForbiddenException, Inject, Injectable, NotFoundException, Optional } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { LRUCache } from 'lru-cache';
import type { AccessDecision, AccountView, Role } from '@solvr/contracts';
import type { SessionUser } from './access.decorators';

export interface AccessTokenClaims {
  sub: string;
  email: string;
  role: SessionUser['role'];
  /** The account's token version when issued; a password change, reset or logout raises it. */
  ver: number;
}

type CheckedClaims = AccessTokenClaims & { exp: number };

/** What decides whether an access token still counts: the account's current role and token version. */
export interface AccessState {
  role: Role;
  tokenVersion: number;
  /** The owner's view of the account, read with the state. */
  account?: AccountView;
}

/** Where that state is read from (the users feature provides it). */
export interface AccountSource {
  accessState(userId: string): Promise<AccessState | null>;
  /** The state accessState would answer with at once, when it keeps one (undefined: ask accessState). */
  keptAccessState?(userId: string): AccessState | undefined;
}
export const ACCOUNT_SOURCE = Symbol('ACCOUNT_SOURCE');

/** What a feature knows about the caller when it decides on one resource. */
export interface Viewer {
  user: SessionUser | null;
  /** Read from the database, not the token, so a demoted admin loses access at once. */
  isAdmin: boolean;
}

/**
 * The one place features decide on a resource: allowed, not found (the caller may not know it exists), or
 * forbidden (they know it exists but may not act on it). `require` turns a refusal into the HTTP answer.
 */
@Injectable()
export class AccessService {
  /**
   * The state each verified caller's request read from the database: a decision later in the same request uses it
   * instead of reading the account again (one query per signed-in request, not one per question).
   */
  private readonly verified = new WeakMap<SessionUser, AccessState>();

  /**
   * Access tokens whose signature has been checked, with their claims, so a page's several calls check it once
   * (the signature is the largest cost of a signed-in read). Expiry is checked on every use, and revocation is the
   * account's token version, checked each request (the account source may keep it briefly: see ACCESS_STATE_MS), so
   * keeping a checked token changes no decision.
   */
  private readonly checkedTokens = new LRUCache<string, CheckedClaims>({ max: 10_000 });

  constructor(
    private readonly jwt: JwtService,
    @Optional() @Inject(ACCOUNT_SOURCE) private readonly accounts?: AccountSource,
  ) {}

  /**
   * The caller of a Bearer access token: its signature and expiry, and its account still there with the same token
   * version; the role is the account's current one, not the token's. Throws when the token does not count.
   */
  async verifyAccessToken(token: string): Promise<{ user: SessionUser; state: AccessState }> {
    const now = this.verifiedNow(token);
    if (now) return now;
    const claims = this.checkedTokens.get(token) ?? (await this.checkSignature(token));
    if (claims.exp * 1000 <= Date.now()) throw new Error('token expired');
    const state = await this.tokenStillValid(claims.sub, claims.ver);
    if (!state) throw new Error('token revoked');
    return this.caller(claims, state);
  }

  /**
   * verifyAccessToken's answer without waiting, when all it needs is at hand (the token checked before, the account's
   * state kept): the same decision, without waiting on a read. verifyAccessToken answers with it when it can.
   * Undefined when something is not at hand or the token does not count: verifyAccessToken then decides, and says why.
   */
  verifiedNow(token: string): { user: SessionUser; state: AccessState } | undefined {
    const claims = this.checkedTokens.get(token);
    const state = claims && this.accounts?.keptAccessState?.(claims.sub);
    if (!claims || !state || state.tokenVersion !== claims.ver || claims.exp * 1000 <= Date.now()) return undefined;
    return this.caller(claims, state);
  }

  private caller(claims: CheckedClaims, state: AccessState): { user: SessionUser; state: AccessState } {
    const user: SessionUser = { id: claims.sub, email: claims.email, role: state.role };
    this.verified.set(user, state);
    return { user, state };
  }

  private async checkSignature(token: string): Promise<CheckedClaims> {
    const claims = await this.jwt.verifyAsync<AccessTokenClaims & { exp?: unknown }>(token);
    if (typeof claims.exp !== 'number' || typeof claims.ver !== 'number') throw new Error('token without exp or version');
    const checked = claims as CheckedClaims;
    this.checkedTokens.set(token, checked);
    return checked;
  }

  /**
   * The account's current role (as read for this request); null for anonymous callers, deleted accounts, or a
   * process without accounts.
   */
  async currentRole(user: SessionUser | null | undefined): Promise<Role | null> {
    if (!user || !this.accounts) return null;
    const known = this.verified.get(user);
    if (known) return known.role;
    return (await this.accounts.accessState(user.id))?.role ?? null;
  }

  /** The access state read when this caller's token was verified in this request (undefined if it was not). */
  stateOf(user: SessionUser): AccessState | undefined {
    return this.verified.get(user);
  }

  /** The caller's account as read when their token was verified in this request (undefined if it was not). */
  accountOf(user: SessionUser): AccountView | undefined {
    return this.verified.get(user)?.account;
  }

  /** Whether a token of this version is still good for the account (not deleted, not revoked since). */
  async tokenStillValid(userId: string, tokenVersion: number): Promise<AccessState | null> {
    if (!this.accounts) return null;
    const state = await this.accounts.accessState(userId);
    return state && state.tokenVersion === tokenVersion ? state : null;
  }

  async hasRole(user: SessionUser | null | undefined, role: Role): Promise<boolean> {
    return (await this.currentRole(user)) === role;
  }

  async viewer(user: SessionUser | null | undefined): Promise<Viewer> {
    return { user: user ?? null, isAdmin: await this.hasRole(user, 'admin') };
  }

  /** Decides with the rule and throws the matching HTTP error unless allowed. */
  async require<T>(resource: T | null | undefined, user: SessionUser | null | undefined, rule: (resource: T, viewer: Viewer) => AccessDecision): Promise<T> {
    if (resource === null || resource === undefined) throw new NotFoundException();
    const decision = rule(resource, await this.viewer(user));
    if (decision === 'not-found') throw new NotFoundException();
    if (decision === 'forbidden') throw new ForbiddenException();
    return resource;
  }
}
