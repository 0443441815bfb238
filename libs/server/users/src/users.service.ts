import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { type EntityManager, In, IsNull, Repository, type SelectQueryBuilder } from 'typeorm';
import { ADMIN_USERS_TEXTS, type AccountView, normalizeEmail, PICK_LIMIT, type ProfileUpdate, type Role, type UserPick } from '@solvr/contracts';
import { type AccessState, type AccountSource, CacheBus, changedRows } from '@solvr/server-core';
import { OffThreadReads } from './off-thread-reads';
import { User } from './user.entity';
import { generatePassword, hashPassword } from './passwords';
import { whereUserMatches } from './user-search';
import { ACCESS_STATE_NAMESPACE, AccessStateCache } from './access-state-cache';

export interface AdminResult {
  email: string;
  /** Set only when a new account was created with a generated password. */
  password?: string;
  created: boolean;
}

/** The kept account state after one more download was counted. */
const oneMoreDownload = (state: AccessState): AccessState =>
  state.account ? { ...state, account: { ...state.account, download_count: state.account.download_count + 1 } } : state;

/** The one writer of the users table: one method per thing that can happen to an account. */
@Injectable()
export class UsersService implements AccountSource {
  /**
   * Every method below that writes an account forgets it, here and on every replica (the cache bus: a role change,
   * logout or password change counts everywhere as the message arrives); a counted download brings it up to date instead.
   */
  private readonly accessStates = new AccessStateCache();

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly reads: OffThreadReads,
    private readonly bus: CacheBus,
  ) {
    bus.on(ACCESS_STATE_NAMESPACE, (userId) => this.accessStates.forget(userId));
  }

  /** The account changed (without an id: any number of them): its kept access state goes on every replica. */
  private forgetAccess(userId?: string): void {
    this.bus.invalidate(ACCESS_STATE_NAMESPACE, userId);
  }

  /** Whether an account with this id exists (an indexed probe: no row is read). */
  exists(id: string): Promise<boolean> {
    return this.users.exists({ where: { id } });
  }

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email: normalizeEmail(email) });
  }

  findByGoogleId(googleId: string): Promise<User | null> {
    return this.users.findOneBy({ googleId });
  }

  /** The account with its password hash, which is not selected otherwise. */
  findWithPasswordHash(where: { id: string } | { email: string }): Promise<User | null> {
    const [column, value] = 'id' in where ? ['id', where.id] : ['email', normalizeEmail(where.email)];
    return this.users.createQueryBuilder('u').addSelect('u.passwordHash').where(`u.${column} = :value`, { value }).getOne();
  }

  /**
   * What the access guard checks on each signed-in call: the current role and token version, with the owner's view of
   * the account read in the same pass (GET /api/users/me answers with it). Kept up to ACCESS_STATE_MS; read as one row
   * by primary key, in plain SQL (no query builder on this path).
   */
  accessState(userId: string): Promise<AccessState | null> {
    return this.accessStates.read(userId, this.readAccessState);
  }

  keptAccessState(userId: string): AccessState | undefined {
    return this.accessStates.kept(userId, this.readAccessState);
  }

  private readonly readAccessState = async (userId: string): Promise<AccessState | null> => {
    const [row] = await this.users.query(
      'SELECT id, email, full_name, role, download_count, profile_completed, password_hash IS NOT NULL AS has_password, token_version FROM users WHERE id = ?',
      [userId],
    );
    if (!row) return null;
    const account: AccountView = {
      id: row.id,
      email: row.email,
      full_name: row.full_name,
      role: row.role,
      download_count: Number(row.download_count),
      profile_completed: !!Number(row.profile_completed),
      has_password: !!Number(row.has_password),
    };
    return { role: row.role, tokenVersion: Number(row.token_version), account };
  };

  /** Access tokens issued before this stop working (password change or reset, logout). */
  async revokeAccessTokens(userId: string): Promise<void> {
    await this.users.increment({ id: userId }, 'tokenVersion', 1);
    this.forgetAccess(userId);
  }

  /**
   * One more download by the account (an atomic increment), inside the caller's transaction: the files feature counts
   * the file, the user and the downloads row together. Answers what to call once that transaction has committed: the
   * account's kept state then shows the new count without a read (the download that follows needs the state).
   */
  async countDownload(userId: string, transaction: EntityManager): Promise<() => void> {
    const began = this.accessStates.writeBegins();
    // updated_date as TypeORM's @UpdateDateColumn writes it on an increment.
    await changedRows(transaction, 'UPDATE users SET download_count = download_count + 1, updated_date = CURRENT_TIMESTAMP WHERE id = ?', [userId]);
    return () => this.accessStates.written(userId, began, oneMoreDownload);
  }

  /** Users whose e-mail or name contains `query` (case-insensitive), by e-mail: the admin's user pickers. */
  async pick(query: string, limit = PICK_LIMIT): Promise<UserPick[]> {
    const rows = await this.matching(query).select(['u.email', 'u.fullName']).limit(limit).getMany();
    return rows.map((u) => ({ email: u.email, full_name: u.fullName ?? null }));
  }

  private matching(query: string) {
    return whereUserMatches(this.users.createQueryBuilder('u'), query, ['email', 'full_name']).orderBy('u.email', 'ASC');
  }

  /** The users matching `query` that campaign mail can reach: confirmed accounts (opted-out ones included). */
  private mailable(query: string) {
    return this.matching(query).andWhere(CONFIRMED, { confirmed: true });
  }

  /**
   * The Email Center's recipient list: a page of the users matching `query` that campaign mail can reach (confirmed
   * accounts; the opted-out are listed, marked), and how many match in all.
   */
  async mailRecipients(query: string, limit: number, offset: number): Promise<{ users: MailRecipient[]; total: number }> {
    const [rows, total] = await this.mailable(query)
      .select(['u.id', 'u.email', 'u.fullName', 'u.bulkMailOptOut'])
      .limit(limit)
      .offset(offset)
      .getManyAndCount();
    return { users: rows.map(toRecipient), total };
  }

  /**
   * The recipients of a campaign (confirmed accounts only), a chunk at a time (a campaign to 100,000 users never holds
   * them all): the users with these ids, every user matching a search, the admins, or a saved search's matches.
   * Ordered by id from `after` on, so chunks never overlap and a fan-out stopped half-way resumes at the `through` of
   * the last chunk it finished. (Segments other features own are walked by the mail feature through mailRecipientsOf.)
   */
  async *mailAudience(audience: MailAudience, { after = '', chunk = 1000 } = {}): AsyncGenerator<{ recipients: MailRecipient[]; through: string }> {
    if (audience.userIds) {
      const ids = [...new Set(audience.userIds)].sort().filter((id) => id > after);
      for (let i = 0; i < ids.length; i += chunk) {
        const slice = ids.slice(i, i + chunk);
        yield { recipients: await this.mailRecipientsOf(slice), through: slice[slice.length - 1] };
      }
      return;
    }
    // Off the api's thread: a search's match is worked out again for every chunk (100 ms at 100,000 users on SQLite).
    for (;;) {
      const query = this.audienceQuery(audience)
        .andWhere(CONFIRMED, { confirmed: true })
        .select('u.id', 'id')
        .addSelect('u.email', 'email')
        .addSelect('u.full_name', 'fullName')
        .addSelect('u.bulk_mail_opt_out', 'bulkMailOptOut')
        .andWhere('u.id > :after', { after })
        .orderBy('u.id', 'ASC')
        .limit(chunk);
      const rows = await this.reads.all<{ id: string; email: string; fullName: string | null; bulkMailOptOut: unknown }>(...query.getQueryAndParameters());
      if (!rows.length) return;
      after = rows[rows.length - 1].id;
      yield { recipients: rows.map((r) => toRecipient({ ...r, bulkMailOptOut: !!Number(r.bulkMailOptOut) })), through: after };
    }
  }

  /** The confirmed accounts among these ids (one chunk of a campaign), by id; the opted-out are included, marked. */
  async mailRecipientsOf(ids: string[]): Promise<MailRecipient[]> {
    if (!ids.length) return [];
    const rows = await this.users.find({ select: RECIPIENT_FIELDS, where: { id: In(ids), emailVerified: true }, order: { id: 'ASC' } });
    return rows.map(toRecipient);
  }

  /** The users of a search, the admins or a saved search, before the confirmed filter (alias `u`). */
  private audienceQuery(audience: MailAudience) {
    const qb = this.users.createQueryBuilder('u');
    if (audience.admins) return qb.where('u.role = :role', { role: 'admin' });
    if (audience.saved) return whereUserMatches(qb, audience.saved.q, ['email', 'full_name', 'company']);
    return whereUserMatches(qb, audience.all?.q ?? '', ['email', 'full_name']);
  }

  /** The ids of every user matching `query` that a campaign reaches (confirmed, not opted out), at most `max`. */
  async mailableIds(query: string, max: number): Promise<string[]> {
    const rows = await this.mailable(query)
      .andWhere('u.bulk_mail_opt_out = :optedOut', { optedOut: false })
      .select('u.id', 'id')
      .limit(max)
      .getRawMany<{ id: string }>();
    return rows.map((r) => r.id);
  }

  /**
   * How many users a campaign reaches, and how many it leaves out and why, before any message is made: SQL counts,
   * ids in chunks, so 100,000 users are never loaded. An unconfirmed account counts as unconfirmed, opted out or not.
   */
  async mailAudienceSize(audience: MailAudience, chunk = 1000): Promise<MailAudienceSize> {
    if (!audience.userIds) return this.sizeOf(this.audienceQuery(audience), 0);
    const size = emptyMailAudienceSize();
    const ids = [...new Set(audience.userIds)];
    for (let i = 0; i < ids.length; i += chunk) addMailAudienceSize(size, await this.mailSizeOf(ids.slice(i, i + chunk)));
    return size;
  }

  /** mailAudienceSize of one chunk of ids (a segment another feature owns is counted a chunk at a time). */
  mailSizeOf(ids: string[]): Promise<MailAudienceSize> {
    if (!ids.length) return Promise.resolve(emptyMailAudienceSize());
    return this.sizeOf(this.users.createQueryBuilder('u').where('u.id IN (:...ids)', { ids }), ids.length);
  }

  /** Off the api's thread, like the fan-out's reads: a search audience is counted when a campaign is sent. */
  private async sizeOf(qb: SelectQueryBuilder<User>, expected: number): Promise<MailAudienceSize> {
    const query = qb
      .select('u.email_verified', 'confirmed')
      .addSelect('u.bulk_mail_opt_out', 'optedOut')
      .addSelect('COUNT(*)', 'n')
      .groupBy('u.email_verified')
      .addGroupBy('u.bulk_mail_opt_out');
    const rows = await this.reads.all<{ confirmed: unknown; optedOut: unknown; n: string | number }>(...query.getQueryAndParameters());
    const size = emptyMailAudienceSize();
    for (const r of rows) size[!Number(r.confirmed) ? 'unconfirmed' : Number(r.optedOut) ? 'optedOut' : 'reachable'] += Number(r.n);
    if (expected) size.notFound = expected - size.reachable - size.optedOut - size.unconfirmed;
    return size;
  }

  async mailRecipient(userId: string): Promise<MailRecipient | null> {
    const user = await this.users.findOne({ select: RECIPIENT_FIELDS, where: { id: userId } });
    return user ? toRecipient(user) : null;
  }

  async setBulkMailOptOut(userId: string, optedOut: boolean): Promise<void> {
    await this.users.update({ id: userId }, { bulkMailOptOut: optedOut });
    this.forgetAccess(userId);
  }

  countAdmins(): Promise<number> {
    return this.users.countBy({ role: 'admin' });
  }

  /** A new, unconfirmed e-mail account. */
  async register(email: string, passwordHash: string): Promise<User> {
    const user = this.users.create({ id: randomUUID(), email: normalizeEmail(email), passwordHash, role: 'user' });
    await this.users.insert(user);
    return user;
  }

  /** A new account from a Google identity; it has no password. */
  async registerFromGoogle(email: string, googleId: string, emailVerified: boolean): Promise<User> {
    const user = this.users.create({ id: randomUUID(), email: normalizeEmail(email), googleId, emailVerified, role: 'user' });
    await this.users.insert(user);
    user.passwordHash = null;
    return user;
  }

  /**
   * Links a Google identity whose e-mail the provider verified. If our account was never confirmed, whoever set
   * its password never proved the address: the password is dropped and the Google identity owns the account.
   */
  async linkGoogle(user: User, googleId: string): Promise<void> {
    await this.users.update(user.id, { googleId, emailVerified: true, ...(user.emailVerified ? {} : { passwordHash: null }) });
    this.forgetAccess(user.id);
    if (!user.emailVerified) {
      user.passwordHash = null;
      await this.revokeAccessTokens(user.id);
    }
  }

  async markEmailVerified(userId: string): Promise<void> {
    await this.users.update(userId, { emailVerified: true });
    this.forgetAccess(userId);
  }

  async recordLogin(userId: string): Promise<void> {
    await this.users.update(userId, { lastLogin: new Date() });
    this.forgetAccess(userId);
  }

  /** A password chosen through an e-mailed reset link; following the link also proves the address. */
  async resetPassword(userId: string, plain: string): Promise<void> {
    await this.users.update(userId, { passwordHash: await hashPassword(plain), emailVerified: true });
    this.forgetAccess(userId);
    await this.revokeAccessTokens(userId);
  }

  /** The first password of an account that has none (Google sign-up); false if it has one already. */
  async setFirstPassword(userId: string, plain: string): Promise<boolean> {
    const result = await this.users.update({ id: userId, passwordHash: IsNull() }, { passwordHash: await hashPassword(plain) });
    this.forgetAccess(userId);
    return !!result.affected;
  }

  /** A new password for a signed-in account (the caller checked the current one, or that there was none). */
  async changePassword(userId: string, plain: string): Promise<void> {
    await this.users.update(userId, { passwordHash: await hashPassword(plain) });
    await this.revokeAccessTokens(userId);
  }

  /** The Complete Profile form's fields (a first password goes through changePassword). */
  async saveProfile(userId: string, body: ProfileUpdate): Promise<void> {
    await this.users.update(userId, {
      fullName: body.full_name.trim(),
      phone: body.phone,
      streetAddress1: body.street_address_1.trim(),
      streetAddress2: body.street_address_2.trim() || null,
      city: body.city.trim(),
      stateProvince: body.state_province.trim(),
      postalCode: body.postal_code.trim(),
      country: body.country.trim(),
      company: body.company.trim() || null,
      jobTitle: body.job_title.trim() || null,
      profileCompleted: true,
    });
    this.forgetAccess(userId);
  }

  /** Makes the account an admin, creating it (verified, with the given or a generated password) if missing. */
  async createOrPromoteAdmin(email: string, password?: string): Promise<AdminResult> {
    const normalized = normalizeEmail(email);
    const existing = await this.findByEmail(normalized);
    if (existing) {
      if (existing.role !== 'admin') await this.users.update(existing.id, { role: 'admin' });
      if (password) await this.users.update(existing.id, { passwordHash: await hashPassword(password) });
      this.forgetAccess(existing.id);
      return { email: normalized, created: false };
    }
    const plain = password ?? generatePassword();
    await this.users.insert({
      id: randomUUID(),
      email: normalized,
      role: 'admin',
      passwordHash: await hashPassword(plain),
      emailVerified: true,
    });
    return { email: normalized, password: password ? undefined : plain, created: true };
  }

  /**
   * An admin gives or takes the admin role. The acting admin cannot demote itself, and the last admin stays, also
   * when two admins demote each other at once. The access guard reads the role on every request, so a demoted
   * admin loses access on its next one.
   */
  async changeRole(actorId: string, userId: string, role: Role): Promise<User> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new NotFoundException(ADMIN_USERS_TEXTS.userNotFound);
    if (user.role === role) return user;
    if (role === 'admin') {
      await this.users.update({ id: userId }, { role });
      this.forgetAccess(userId);
      return { ...user, role };
    }
    if (userId === actorId) throw new ConflictException(ADMIN_USERS_TEXTS.selfDemote);
    const demoted = await this.demoteUnlessLastAdmin(userId);
    this.forgetAccess(userId);
    if (!demoted) throw new ConflictException(ADMIN_USERS_TEXTS.lastAdmin);
    return { ...user, role };
  }

  private async demoteUnlessLastAdmin(userId: string): Promise<boolean> {
    if (this.users.manager.connection.options.type === 'better-sqlite3') {
      // One statement on SQLite's single connection: the count and the change cannot interleave with another.
      const result = await this.users
        .createQueryBuilder()
        .update()
        .set({ role: 'user' })
        .where('id = :userId AND role = :admin', { userId, admin: 'admin' })
        .andWhere('(SELECT COUNT(*) FROM users WHERE role = :admin) > 1')
        .execute();
      return !!result.affected;
    }
    // MySQL: the admins' rows are locked while counted, so a concurrent demotion waits and then counts again.
    return this.users.manager.transaction(async (tx) => {
      const admins = await tx.getRepository(User).createQueryBuilder('u').select('u.id').where('u.role = :admin', { admin: 'admin' }).setLock('pessimistic_write').getMany();
      if (admins.length <= 1) return false;
      const result = await tx.getRepository(User).update({ id: userId, role: 'admin' }, { role: 'user' });
      return !!result.affected;
    });
  }

  /** Accounts listed in ADMIN_EMAILS that exist already get the admin role. */
  async promoteListed(emails: string[]): Promise<number> {
    if (!emails.length) return 0;
    const result = await this.users.update({ email: In(emails.map(normalizeEmail)), role: 'user' }, { role: 'admin' });
    this.forgetAccess();
    return result.affected ?? 0;
  }
}

/** Bulk mail goes only to accounts that confirmed their e-mail. */
const CONFIRMED = 'u.email_verified = :confirmed';

const RECIPIENT_FIELDS = { id: true, email: true, fullName: true, bulkMailOptOut: true } as const;

/**
 * Who a campaign goes to, as stored with it (mail_campaigns.audience) and read again by the fan-out: these users,
 * every user matching a search ('' = everyone confirmed), the admins, a saved search (its text frozen when sent),
 * or a segment another feature owns (walked by the mail feature through its MailSegmentSource).
 */
export interface MailAudience {
  userIds?: string[];
  all?: { q: string };
  admins?: true;
  saved?: { id: string; name: string; q: string };
  source?: { kind: string; option: string; label: string };
}

/** Whom a campaign reaches, and whom it leaves out: opted out, unconfirmed, or no longer an account. */
export interface MailAudienceSize {
  reachable: number;
  optedOut: number;
  unconfirmed: number;
  notFound: number;
}

export const emptyMailAudienceSize = (): MailAudienceSize => ({ reachable: 0, optedOut: 0, unconfirmed: 0, notFound: 0 });

export function addMailAudienceSize(to: MailAudienceSize, more: MailAudienceSize): MailAudienceSize {
  to.reachable += more.reachable;
  to.optedOut += more.optedOut;
  to.unconfirmed += more.unconfirmed;
  to.notFound += more.notFound;
  return to;
}

export interface MailRecipient {
  id: string;
  email: string;
  fullName: string | null;
  optedOut: boolean;
}

const toRecipient = (u: Pick<User, 'id' | 'email' | 'fullName' | 'bulkMailOptOut'>): MailRecipient => ({
  id: u.id,
  email: u.email,
  fullName: u.fullName ?? null,
  optedOut: !!u.bulkMailOptOut,
});
