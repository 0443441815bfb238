import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** A user who followed an unsubscribe link gets no bulk e-mail (account e-mails still go). */
export class UsersBulkMailOptOut1763700000030 implements MigrationInterface {
  name = 'UsersBulkMailOptOut1763700000030';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('users', new TableColumn({ name: 'bulk_mail_opt_out', type: 'boolean', default: false }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('users', 'bulk_mail_opt_out');
  }
}
