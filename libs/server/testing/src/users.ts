import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { DataSource } from 'typeorm';

export interface SeedUser {
  email: string;
  full_name?: string | null;
  company?: string | null;
  job_title?: string | null;
  phone?: string | null;
  role?: 'admin' | 'user';
  download_count?: number;
  created: Date;
  last_login?: Date | null;
}

/** 'YYYY-MM-DD HH:MM:SS' in UTC: what both databases store for the users' datetime columns. */
export const sqlDateTime = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

/** Writes users straight into the table, 500 to a statement: a fixture of 100,000 accounts in seconds. */
export async function seedUsers(app: INestApplication, users: SeedUser[]): Promise<void> {
  const db = app.get(DataSource);
  const columns = ['id', 'email', 'full_name', 'company', 'job_title', 'phone', 'role', 'download_count', 'created_date', 'updated_date', 'last_login'];
  await db.transaction(async (tx) => {
    for (let i = 0; i < users.length; i += 500) {
      const chunk = users.slice(i, i + 500);
      const values = chunk.flatMap((u) => [
        randomUUID(),
        u.email,
        u.full_name ?? null,
        u.company ?? null,
        u.job_title ?? null,
        u.phone ?? null,
        u.role ?? 'user',
        u.download_count ?? 0,
        sqlDateTime(u.created),
        sqlDateTime(u.created),
        u.last_login ? sqlDateTime(u.last_login) : null,
      ]);
      const row = `(${columns.map(() => '?').join(', ')})`;
      await tx.query(`INSERT INTO users (${columns.join(', ')}) VALUES ${chunk.map(() => row).join(', ')}`, values);
    }
  });
}

/** n ordinary users, joined one to 42 days ago, a third never signed in. */
export function manyUsers(n: number, now = Date.now()): SeedUser[] {
  return Array.from({ length: n }, (_, i) => ({
    email: `user${String(i).padStart(6, '0')}@load.test`,
    full_name: i % 5 === 0 ? null : `Load User ${i}`,
    company: `Company ${i % 997}`,
    job_title: i % 2 ? 'Engineer' : null,
    download_count: i % 7,
    created: new Date(now - ((i % 40) + 1) * 86_400_000 - (i % 86_000) * 1000),
    last_login: i % 3 === 0 ? null : new Date(now - (i % 60) * 86_400_000),
  }));
}
