import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { In, Repository } from 'typeorm';
import { type AdminSummary, normalizeEmail, type ProfileUpdate, type Role } from '@solvr/contracts';
import type { RoleSource } from '@solvr/server-core';
import { User } from './user.entity';
import { generatePassword, hashPassword } from './passwords';

export interface AdminResult {
  email: string;
  /** Set only when a new account was created with a generated password. */
  password?: string;
  created: boolean;
}

/** The one writer of the users table: one method per thing that can happen to an account. */
@Injectable()
export class UsersService implements RoleSource {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

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

  async roleOf(userId: string): Promise<Role | null> {
    const row = await this.users.findOne({ where: { id: userId }, select: { role: true } });
    return row?.role ?? null;
  }

  countAdmins(): Promise<number> {
    return this.users.countBy({ role: 'admin' });
  }

  async summary(): Promise<AdminSummary> {
    const [total_users, admins] = await Promise.all([this.users.count(), this.countAdmins()]);
    return { total_users, admins };
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

  async linkGoogle(userId: string, googleId: string): Promise<void> {
    await this.users.update(userId, { googleId, emailVerified: true });
  }

  async markEmailVerified(userId: string): Promise<void> {
    await this.users.update(userId, { emailVerified: true });
  }

  async recordLogin(userId: string): Promise<void> {
    await this.users.update(userId, { lastLogin: new Date() });
  }

  /** A password chosen through an e-mailed reset link; following the link also proves the address. */
  async resetPassword(userId: string, plain: string): Promise<void> {
    await this.users.update(userId, { passwordHash: await hashPassword(plain), emailVerified: true });
  }

  /** The Complete Profile form; a password only when one is supplied (spec section 5). */
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
      ...(body.password ? { passwordHash: await hashPassword(body.password) } : {}),
    });
  }

  /** Makes the account an admin, creating it (verified, with the given or a generated password) if missing. */
  async createOrPromoteAdmin(email: string, password?: string): Promise<AdminResult> {
    const normalized = normalizeEmail(email);
    const existing = await this.findByEmail(normalized);
    if (existing) {
      if (existing.role !== 'admin') await this.users.update(existing.id, { role: 'admin' });
      if (password) await this.users.update(existing.id, { passwordHash: await hashPassword(password) });
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

  /** Accounts listed in ADMIN_EMAILS that exist already get the admin role. */
  async promoteListed(emails: string[]): Promise<number> {
    if (!emails.length) return 0;
    const result = await this.users.update({ email: In(emails.map(normalizeEmail)), role: 'user' }, { role: 'admin' });
    return result.affected ?? 0;
  }
}
