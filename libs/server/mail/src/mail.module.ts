import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '@solvr/server-users';
import { CampaignsService } from './campaigns.service';
import { AdminMailController, ContactController, MailSubscriptionController } from './mail.controller';
import { MailCampaign } from './mail-campaign.entity';
import { MailProcessor } from './mail.processor';
import { MailService } from './mail.service';
import { MailTransport } from './mail-transport';
import { OutboxMessage } from './outbox-message.entity';
import { OutboxReconciler } from './outbox-reconciler';
import { SiteMailService } from './site-mail.service';
import { UnsubscribeLinks } from './unsubscribe-links';

/** Owns mail_outbox and mail_campaigns. Recording and enqueueing only: sending is MailWorkerModule's. */
@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessage, MailCampaign])],
  providers: [MailService, MailTransport],
  exports: [MailService, MailTransport, TypeOrmModule],
})
export class MailModule {}

/** The api's mail routes: the Email Center, test e-mails, the Contact form, unsubscribe. */
@Module({
  imports: [MailModule, UsersModule],
  controllers: [AdminMailController, ContactController, MailSubscriptionController],
  providers: [CampaignsService, SiteMailService, UnsubscribeLinks],
})
export class MailRoutesModule {}

/** The sending side: imported by the worker, and by the api only in the embedded mode. */
@Module({ imports: [MailModule], providers: [MailProcessor, OutboxReconciler], exports: [OutboxReconciler] })
export class MailWorkerModule {}
