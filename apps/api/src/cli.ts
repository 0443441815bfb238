import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppConfigModule, CacheModule, dataSourceOptions, DatabaseModule, loadConfigOrExit } from '@solvr/server-core';
import { UsersDataModule, UsersService } from '@solvr/server-users';
import { isValidEmail } from '@solvr/contracts';
import { API_MIGRATIONS } from '@solvr/server-app';

const USAGE = [
  'Usage:',
  '  cli.js create-admin <email> [--password <password>]   create an admin, or promote an existing account (no --password: generated)',
  '  cli.js migrate                                          run pending database migrations and exit',
].join('\n');

async function migrate(): Promise<number> {
  const config = loadConfigOrExit();
  const ds = await new DataSource(dataSourceOptions(config.database, API_MIGRATIONS)).initialize();
  try {
    const applied = await ds.runMigrations({ transaction: 'each' });
    process.stdout.write(`Migrations applied: ${applied.length ? applied.map((m) => m.name).join(', ') : 'none pending'}\n`);
    return 0;
  } finally {
    await ds.destroy();
  }
}

async function createAdmin(email?: string, flag?: string, password?: string): Promise<number> {
  if (!email || !isValidEmail(email) || (flag && (flag !== '--password' || !password))) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfigOrExit();
  // The cache bus too: with Redis, running api replicas forget the promoted account's kept state at once.
  @Module({ imports: [AppConfigModule.forRoot(config), DatabaseModule.forRoot(config, { runMigrations: true, migrations: API_MIGRATIONS }), CacheModule, UsersDataModule] })
  class CliModule {}
  const app = await NestFactory.createApplicationContext(CliModule, { logger: ['error'] });
  try {
    const result = await app.get(UsersService).createOrPromoteAdmin(email, password);
    if (result.created) process.stdout.write(`Created admin: ${result.email}${result.password ? ` ${result.password}` : ''}\n`);
    else process.stdout.write(`Promoted to admin: ${result.email}\n`);
    return 0;
  } finally {
    await app.close();
  }
}

/** Operator commands, run from the same image as the api. */
async function main([command, ...args]: string[]): Promise<number> {
  if (command === 'migrate') return migrate();
  if (command === 'create-admin') return createAdmin(...args);
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`Command failed: ${err?.message ?? err}\n`);
    process.exit(1);
  },
);
