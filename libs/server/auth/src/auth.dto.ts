import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { AUTH_MESSAGES, EMAIL_MAX_LENGTH, EMAIL_PATTERN, FIELD_MAX, MESSAGES, type ChangePasswordRequest, type EmailRequest, type LoginRequest, type ResetPasswordRequest, type SignupRequest } from '@solvr/contracts';

export class EmailDto implements EmailRequest {
  @IsString({ message: AUTH_MESSAGES.emailRequired }) @Matches(EMAIL_PATTERN, { message: AUTH_MESSAGES.emailRequired }) @MaxLength(EMAIL_MAX_LENGTH) email: string;
}

export class LoginDto extends EmailDto implements LoginRequest {
  @IsString() @IsNotEmpty({ message: AUTH_MESSAGES.passwordBlank }) @MaxLength(FIELD_MAX.password) password: string;
}

/** Blank fields are answered by the controller with the spec's message, in the spec's order. */
export class SignupDto implements Partial<SignupRequest> {
  @IsOptional() @IsString({ message: MESSAGES.signup.blank }) email?: string;
  @IsOptional() @IsString({ message: MESSAGES.signup.blank }) @MaxLength(FIELD_MAX.password) password?: string;
}

export class ChangePasswordDto implements ChangePasswordRequest {
  @IsOptional() @IsString() @MaxLength(FIELD_MAX.password) current_password?: string;
  @IsString() @IsNotEmpty({ message: AUTH_MESSAGES.newPasswordBlank }) @MaxLength(FIELD_MAX.password) password: string;
}

export class ResetDto implements ResetPasswordRequest {
  @IsString() @IsNotEmpty({ message: AUTH_MESSAGES.linkInvalid }) token: string;
  @IsString() @IsNotEmpty({ message: AUTH_MESSAGES.newPasswordBlank }) @MaxLength(FIELD_MAX.password) password: string;
}
