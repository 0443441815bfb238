import { BadRequestException, Body, Controller, ForbiddenException, Get, Put } from '@nestjs/common';
import { Equals, IsOptional, IsString, MaxLength } from 'class-validator';
import { PROFILE_MESSAGES, type ProfileUpdate } from '@solvr/contracts';
import { CurrentUser, SessionUser } from '@solvr/server-core';
import { ProfileService, ProfileView } from './profile.service';

/** Spec section 3: the profile update payload. Types here; the business rules come from @solvr/contracts. */
export class ProfileUpdateDto implements ProfileUpdate {
  @IsString() userid: string;
  @IsString() @MaxLength(401) full_name: string;
  @IsString() @MaxLength(40) phone: string;
  @IsOptional() @IsString() @MaxLength(200) password?: string;
  @IsString() @MaxLength(200) street_address_1: string;
  @IsString() @MaxLength(200) street_address_2: string;
  @IsString() @MaxLength(120) city: string;
  @IsString() @MaxLength(120) state_province: string;
  @IsString() @MaxLength(12, { message: PROFILE_MESSAGES.postalLength }) postal_code: string;
  @IsString() @MaxLength(120) country: string;
  @IsString() @MaxLength(200) company: string;
  @IsString() @MaxLength(200) job_title: string;
  @Equals(true) profile_completed: true;
}

@Controller('users/me/profile')
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @Get()
  get(@CurrentUser() user: SessionUser): Promise<ProfileView> {
    return this.profiles.get(user.id);
  }

  @Put()
  async update(@CurrentUser() user: SessionUser, @Body() body: ProfileUpdateDto): Promise<{ success: true; profile: ProfileView }> {
    if (body.userid !== user.id) throw new ForbiddenException('You can only update your own profile.');
    const errors = this.profiles.check(body);
    if (Object.keys(errors).length) throw new BadRequestException({ message: PROFILE_MESSAGES.invalidForm, errors });
    return { success: true, profile: await this.profiles.save(user.id, body) };
  }
}
