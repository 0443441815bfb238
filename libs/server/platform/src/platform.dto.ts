import { IsOptional, IsString, MaxLength } from 'class-validator';
import { FIELD_MAX, type PlatformLoginRequest } from '@solvr/contracts';

export class PlatformLoginDto implements PlatformLoginRequest {
  @IsString() @MaxLength(FIELD_MAX.email) email: string;
  @IsString() @MaxLength(FIELD_MAX.password) password: string;
  /** Sent by the SDK only when the app has one; this server does not use a captcha. */
  @IsOptional() @IsString() @MaxLength(4096) turnstile_token?: string;
}
