import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailProcessor } from './mail.processor';
import { MailService } from './mail.service';
import { MailTransport } from './mail-transport';
import { OutboxMessage } from './outbox-message.entity';
import { OutboxReconciler } from './outbox-reconciler';

@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessage])],
  providers: [MailService, MailTransport],
  exports: [MailService, MailTransport, TypeOrmModule],
})
export class MailModule {}

/** The sending side: imported by the worker, and by the api only in the embedded mode. */
@Module({ imports: [MailModule], providers: [MailProcessor, OutboxReconciler], exports: [OutboxReconciler] })
export class MailWorkerModule {}
