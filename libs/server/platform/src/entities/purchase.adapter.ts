import { Injectable } from '@nestjs/common';
import { PLATFORM_TEXTS } from '@solvr/contracts';
import { type Purchase, PaymentsService } from '@solvr/server-payments';
import { type PlatformCaller, refusal } from '../platform-caller';
import { allOf, equals, fieldMap } from '../q-filter';
import { type EntityAdapter, iso, type PlatformRecord, recordQuery, type RecordsQuery, RefusedWrites } from './entity-adapter';

const FIELDS = fieldMap(
  {
    string: ['id', 'file_id', 'user_id', 'stripe_session_id', 'currency', 'payment_status', 'created_by'],
    number: ['amount_paid'],
    date: ['created_date', 'updated_date'],
  },
  { created_by: 'user_id' },
);

const toRecord = (p: Purchase): PlatformRecord => ({
  id: p.id,
  file_id: p.fileId,
  user_id: p.userId,
  stripe_session_id: p.stripeSessionId,
  amount_paid: p.amountPaid,
  currency: p.currency,
  payment_status: p.paymentStatus,
  created_by: p.userId,
  created_date: p.createdDate.toISOString(),
  updated_date: iso(p.updatedDate) ?? p.createdDate.toISOString(),
});

/**
 * Purchase over PaymentsService: a buyer reads its own purchases, admins all. Only the payment flow (the signed
 * webhook, or a session read back from the provider) writes them: every write here is refused, for everyone.
 */
@Injectable()
export class PurchaseAdapter extends RefusedWrites implements EntityAdapter {
  readonly name = 'Purchase' as const;
  readonly fields = FIELDS;
  readonly writable = {};
  readonly readable = ['id', 'file_id', 'user_id', 'stripe_session_id', 'amount_paid', 'currency', 'payment_status', 'created_by', 'created_date', 'updated_date'];

  constructor(private readonly payments: PaymentsService) {
    super();
  }

  async list(caller: PlatformCaller, query: RecordsQuery): Promise<PlatformRecord[]> {
    if (caller.kind === 'anonymous') return [];
    const ownOnly = caller.kind === 'user' && !caller.admin ? equals('user_id', caller.user.id) : null;
    const filter = allOf(query.filter, ownOnly);
    return (await this.payments.records(recordQuery({ ...query, filter }, FIELDS))).map(toRecord);
  }

  protected refusal(): Error {
    return refusal.forbidden(PLATFORM_TEXTS.purchasesReadOnly);
  }
}
