import { Body, Controller, ForbiddenException, Get, Put } from '@nestjs/common';
import { CurrentUser, NoStore, SessionUser, ApiDoc, doc } from '@solvr/server-core';
import { ProfileService, ProfileView } from './profile.service';
import { ProfileUpdateDto } from './profile.dto';

@Controller('users/me/profile')
@NoStore()
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @Get()
  @ApiDoc('Accounts', { summary: "The signed-in user's profile", answers: doc.ok('ProfileView') })
  get(@CurrentUser() user: SessionUser): Promise<ProfileView> {
    return this.profiles.get(user.id);
  }

  @Put()
  @ApiDoc('Accounts', { summary: 'Complete or update the profile', description: 'Field errors come keyed by field in `errors`.', answers: doc.ok('ProfileSaveResponse') })
  async update(@CurrentUser() user: SessionUser, @Body() body: ProfileUpdateDto): Promise<{ success: true; profile: ProfileView }> {
    if (body.userid !== user.id) throw new ForbiddenException('You can only update your own profile.');
    return { success: true, profile: await this.profiles.update(user.id, body, user.id) };
  }
}
