import { Module } from '@nestjs/common';
import { UsersDataModule } from '@solvr/server-users';
import { ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';

@Module({ imports: [UsersDataModule], controllers: [ProfileController], providers: [ProfileService], exports: [ProfileService] })
export class ProfileModule {}
