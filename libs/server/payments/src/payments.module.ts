import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersDataModule } from '@solvr/server-users';
import { AdminPaymentsController, PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { PaymentRefund, Purchase } from './purchase.entity';

/** Owns purchases and payment_refunds; the files feature asks PaymentsService who bought what and starts checkouts. No routes: the worker uses it. */
@Module({
  imports: [TypeOrmModule.forFeature([Purchase, PaymentRefund]), UsersDataModule],
  providers: [PaymentsService],
  exports: [PaymentsService],
})
export class PaymentsDataModule {}

/** The payment routes over PaymentsDataModule. */
@Module({
  imports: [PaymentsDataModule],
  controllers: [PaymentsController, AdminPaymentsController],
  exports: [PaymentsDataModule],
})
export class PaymentsModule {}
