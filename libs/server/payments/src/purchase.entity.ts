import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PaymentStatus } from '@solvr/contracts';

/** Spec section 3, Purchase: one per completed checkout (unique stripe_session_id), written only by PaymentsService. */
@Entity('purchases')
export class Purchase {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  /** No foreign keys: a purchase outlives the file's and the buyer's records (the money was taken). */
  @Column({ name: 'file_id', type: 'varchar', length: 36 }) fileId: string;
  @Column({ name: 'user_id', type: 'varchar', length: 36 }) userId: string;
  @Column({ name: 'stripe_session_id', type: 'varchar', length: 255, unique: true }) stripeSessionId: string;
  /** What a refund event names the payment by. */
  @Column({ name: 'stripe_payment_intent', type: 'varchar', length: 255, nullable: true }) stripePaymentIntent: string | null;
  /** Minor units (cents), as the provider charged it. */
  @Column({ name: 'amount_paid', type: 'int' }) amountPaid: number;
  @Column({ type: 'varchar', length: 3 }) currency: string;
  @Column({ name: 'payment_status', type: 'varchar', length: 16 }) paymentStatus: PaymentStatus;
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate: Date;
  @Column({ name: 'updated_date', type: 'datetime', precision: 3 }) updatedDate: Date;
}

/**
 * Refunds by payment intent, whether or not their purchase is known yet: webhooks come in any order, so a refund that
 * arrives before its checkout's completion is kept here and applied when the completion is recorded.
 */
@Entity('payment_refunds')
export class PaymentRefund {
  @PrimaryColumn({ name: 'stripe_payment_intent', type: 'varchar', length: 255 }) stripePaymentIntent: string;
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate: Date;
}
