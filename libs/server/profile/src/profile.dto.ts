import { Equals, IsOptional, IsString, MaxLength } from 'class-validator';
import { FIELD_MAX, PROFILE_MESSAGES, tooLongMessage, type ProfileUpdate } from '@solvr/contracts';

/** MaxLength with a sentence naming the field. */
const Max = (label: string, max: number) => MaxLength(max, { message: tooLongMessage(label, max) });

/** Spec section 3: the profile update payload. Types here; the business rules come from @solvr/contracts. */
export class ProfileUpdateDto implements ProfileUpdate {
  @IsString() userid: string;
  @IsString() @Max('Full name', FIELD_MAX.fullName) full_name: string;
  @IsString() @Max('Phone', FIELD_MAX.phone) phone: string;
  @IsOptional() @IsString() @Max('Password', FIELD_MAX.password) password?: string;
  @IsString() @Max('Street address', FIELD_MAX.streetAddress) street_address_1: string;
  // The form's optional fields may be left out of the payload: left out is empty, as the form sends them.
  @IsString() @Max('Street address line 2', FIELD_MAX.streetAddress) street_address_2 = '';
  @IsString() @Max('City', FIELD_MAX.city) city: string;
  @IsString() @Max('State / province', FIELD_MAX.stateProvince) state_province: string;
  @IsString() @MaxLength(FIELD_MAX.postalCode, { message: PROFILE_MESSAGES.postalLength }) postal_code: string;
  @IsString() @Max('Country', FIELD_MAX.country) country: string;
  @IsString() @Max('Company', FIELD_MAX.company) company = '';
  @IsString() @Max('Job title', FIELD_MAX.jobTitle) job_title = '';
  @Equals(true) profile_completed: true;
}
