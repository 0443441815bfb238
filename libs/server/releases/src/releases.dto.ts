import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { FILE_LIMITS, PLATFORMS, RELEASE_STATES, RELEASE_TEXTS, type NotifyRequest, type Platform, type ReleaseState, type RolloutChange } from '@solvr/contracts';

export class NotifyDto implements NotifyRequest {
  @IsIn(PLATFORMS, { message: RELEASE_TEXTS.badPlatform }) platform: Platform;
}

export class RolloutChangeDto implements RolloutChange {
  @IsOptional() @IsIn(RELEASE_STATES, { message: `State must be one of ${RELEASE_STATES.join(', ')}.` }) state?: ReleaseState;
  @IsOptional() @IsInt({ message: RELEASE_TEXTS.badPercentage }) @Min(1, { message: RELEASE_TEXTS.badPercentage }) @Max(100, { message: RELEASE_TEXTS.badPercentage }) rollout_percentage?: number;
  @IsOptional() @IsBoolean({ message: 'rollout_paused must be true or false.' }) rollout_paused?: boolean;
  @IsOptional() @IsString() @MaxLength(FILE_LIMITS.releaseNotes, { message: `Release notes must be at most ${FILE_LIMITS.releaseNotes} characters.` }) notes?: string;
}

export class ChannelDto {
  @IsString({ message: RELEASE_TEXTS.badChannelName }) @MaxLength(10, { message: RELEASE_TEXTS.badChannelName }) name: string;
}

export class DeployTokenDto {
  @IsString({ message: RELEASE_TEXTS.tokenName }) @MaxLength(100, { message: RELEASE_TEXTS.tokenName }) name: string;
}
