import { MailOutbox1763700000003 } from './1763700000003-mail-outbox';
import { MailCampaigns1763700000031 } from './1763700000031-mail-campaigns';
import { CampaignFanout1763700000060 } from './1763700000060-campaign-fanout';
import { CampaignFormat1763700000100 } from './1763700000100-campaign-format';

export const MAIL_MIGRATIONS = [MailOutbox1763700000003, MailCampaigns1763700000031, CampaignFanout1763700000060, CampaignFormat1763700000100];
