import { Module } from '@nestjs/common';
import { MailModule } from '@solvr/server-mail';
import { UsersDataModule } from '@solvr/server-users';
import { ProfileController } from './profile.controller';
import { ProfileMail } from './profile-mail';
import { ProfileService } from './profile.service';

@Module({ imports: [UsersDataModule, MailModule], controllers: [ProfileController], providers: [ProfileService, ProfileMail], exports: [ProfileService] })
export class ProfileModule {}
