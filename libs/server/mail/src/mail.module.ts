import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersDataModule } from '@solvr/server-users';
import { CampaignFanout } from './campaign-fanout';
import { CampaignsService } from './campaigns.service';
import { AdminMailController, ContactController, MailSubscriptionController } from './mail.controller';
import { MailCampaign } from './mail-campaign.entity';
import { MailMetrics } from './mail-metrics';
import { MailProcessor } from './mail.processor';
import { MailSegments } from './mail-segments';
import { MailService } from './mail.service';
import { MailTransport } from './mail-transport';
import { OutboxMessage } from './outbox-message.entity';
import { OutboxReconciler } from './outbox-reconciler';
import { SiteMailService } from './site-mail.service';
import { UnsubscribeLinks } from './unsubscribe-links';

/** Owns mail_outbox and mail_campaigns. Recording and enqueueing only: sending is MailWorkerModule's. */
@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessage, MailCampaign])],
  providers: [MailService, MailTransport, UnsubscribeLinks],
  exports: [MailService, MailTransport, UnsubscribeLinks, TypeOrmModule],
})
export class MailModule {}

/** Whom a campaign goes to: the users feature's audiences, and the segments other features provide (found by discovery). */
@Module({ imports: [DiscoveryModule, UsersDataModule], providers: [MailSegments], exports: [MailSegments] })
export class MailSegmentsModule {}

/** The api's mail routes: the Email Center, test e-mails, the Contact form, unsubscribe; and the mail metrics. */
@Module({
  imports: [MailModule, UsersDataModule, MailSegmentsModule],
  controllers: [AdminMailController, ContactController, MailSubscriptionController],
  providers: [CampaignsService, SiteMailService, MailMetrics],
})
export class MailRoutesModule {}

/** The sending side (campaign fan-out, sending, reconciling): imported by the worker, and by the api only in the embedded mode. */
@Module({ imports: [MailModule, UsersDataModule, MailSegmentsModule], providers: [CampaignFanout, MailProcessor, OutboxReconciler], exports: [OutboxReconciler, CampaignFanout] })
export class MailWorkerModule {}
