import { IsArray, IsIn, IsObject, IsOptional, IsString } from 'class-validator';
import { type CampaignRequest, type ContactRequest, type MailAudienceRequest, type MailSegmentRef, type CampaignTestRequest, type MailPreviewRequest, type TestMailRequest } from '@solvr/contracts';

export class CampaignDto implements CampaignRequest {
  @IsString({ message: 'subject must be text.' }) subject: string;
  @IsString({ message: 'message must be text.' }) message: string;
  @IsOptional() @IsArray({ message: 'userIds must be a list.' }) @IsString({ each: true, message: 'userIds must be a list of ids.' }) userIds?: string[];
  @IsOptional() @IsObject({ message: 'all must be an object.' }) all?: { q: string };
  @IsOptional() @IsObject({ message: 'segment must be an object.' }) segment?: MailSegmentRef;
}

export class AudienceDto implements MailAudienceRequest {
  @IsOptional() @IsArray({ message: 'userIds must be a list.' }) @IsString({ each: true, message: 'userIds must be a list of ids.' }) userIds?: string[];
  @IsOptional() @IsObject({ message: 'all must be an object.' }) all?: { q: string };
  @IsOptional() @IsObject({ message: 'segment must be an object.' }) segment?: MailSegmentRef;
}

export class CampaignTestDto implements CampaignTestRequest {
  @IsString({ message: 'subject must be text.' }) subject: string;
  @IsString({ message: 'message must be text.' }) message: string;
}

export class PreviewDto implements MailPreviewRequest {
  @IsOptional() @IsString({ message: 'subject must be text.' }) subject?: string;
  @IsOptional() @IsString({ message: 'message must be text.' }) message?: string;
}

export class ContactDto implements Partial<ContactRequest> {
  @IsOptional() @IsString({ message: 'name must be text.' }) name?: string;
  @IsOptional() @IsString({ message: 'email must be text.' }) email?: string;
  @IsOptional() @IsString({ message: 'category must be text.' }) category?: ContactRequest['category'];
  @IsOptional() @IsString({ message: 'subject must be text.' }) subject?: string;
  @IsOptional() @IsString({ message: 'message must be text.' }) message?: string;
}

export class TestMailDto implements TestMailRequest {
  @IsIn(['email', 'contact'], { message: 'kind must be email or contact.' }) kind: 'email' | 'contact';
}
