import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** A counter in every access token: raising it (password change or reset, logout) makes earlier tokens stop working. */
export class UsersTokenVersion1763700000004 implements MigrationInterface {
  name = 'UsersTokenVersion1763700000004';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('users', new TableColumn({ name: 'token_version', type: 'int', default: 0 }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('users', 'token_version');
  }
}
