import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

// The QueryRunner table API, so the same migration runs on SQLite and MySQL. Dates carry milliseconds.
const date = (name: string) => ({ name, type: 'datetime', precision: 3 });

/**
 * Purchases (spec section 3) and the refunds seen, so a refund that arrives before its purchase still applies. No
 * foreign keys: a purchase is a record of money taken and outlives the file's and the buyer's rows.
 */
export class Payments1763700000050 implements MigrationInterface {
  name = 'Payments1763700000050';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'purchases',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'file_id', type: 'varchar', length: '36' },
          { name: 'user_id', type: 'varchar', length: '36' },
          { name: 'stripe_session_id', type: 'varchar', length: '255', isUnique: true },
          { name: 'stripe_payment_intent', type: 'varchar', length: '255', isNullable: true },
          { name: 'amount_paid', type: 'int' },
          { name: 'currency', type: 'varchar', length: '3' },
          { name: 'payment_status', type: 'varchar', length: '16' },
          date('created_date'),
          date('updated_date'),
        ],
        indices: [
          new TableIndex({ name: 'idx_purchases_user', columnNames: ['user_id', 'payment_status'] }),
          new TableIndex({ name: 'idx_purchases_file', columnNames: ['file_id', 'created_date'] }),
          new TableIndex({ name: 'idx_purchases_intent', columnNames: ['stripe_payment_intent'] }),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'payment_refunds',
        columns: [{ name: 'stripe_payment_intent', type: 'varchar', length: '255', isPrimary: true }, date('created_date')],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('payment_refunds', true, true, true);
    await q.dropTable('purchases', true, true, true);
  }
}
