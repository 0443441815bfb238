import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfigModule, DatabaseModule, loadConfigOrExit } from '@solvr/server-core';
import { UsersModule, UsersService } from '@solvr/server-users';

const USAGE = 'Usage: create-admin <email> [--password <password>]   (omit --password to generate one)';

/** Operator command: create an admin account, or give an existing account the admin role. */
async function main(argv: string[]): Promise<number> {
  const [command, email, flag, password] = argv;
  if (command !== 'create-admin' || !email || !/^[^\s@]+@[^\s@]+$/.test(email) || (flag && (flag !== '--password' || !password))) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfigOrExit();
  @Module({ imports: [AppConfigModule.forRoot(config), DatabaseModule.forRoot(config, { runMigrations: true }), UsersModule] })
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`create-admin failed: ${err?.message ?? err}\n`);
    process.exit(1);
  },
);
