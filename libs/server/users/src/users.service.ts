import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { In, Repository } from 'typeorm';
import { User } from './user.entity';
import { generatePassword, hashPassword } from './passwords';

export interface AdminResult {
  email: string;
  /** Set only when a new account was created with a generated password. */
  password?: string;
  created: boolean;
}

@Injectable()
export class UsersService {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email: email.trim().toLowerCase() });
  }

  /** The account with its password hash, which is not selected otherwise. */
  findWithPasswordHash(where: { id: string } | { email: string }): Promise<User | null> {
    const [column, value] = 'id' in where ? ['id', where.id] : ['email', where.email.trim().toLowerCase()];
    return this.users.createQueryBuilder('u').addSelect('u.passwordHash').where(`u.${column} = :value`, { value }).getOne();
  }

  countAdmins(): Promise<number> {
    return this.users.countBy({ role: 'admin' });
  }

  /** Makes the account an admin, creating it (verified, with the given or a generated password) if missing. */
  async createOrPromoteAdmin(email: string, password?: string): Promise<AdminResult> {
    const normalized = email.trim().toLowerCase();
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
    const result = await this.users.update({ email: In(emails), role: 'user' }, { role: 'admin' });
    return result.affected ?? 0;
  }
}
