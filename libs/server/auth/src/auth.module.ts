import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '@solvr/server-users';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { AuthSession } from './auth-session.entity';
import { SessionsService } from './sessions.service';

@Module({
  imports: [UsersModule, TypeOrmModule.forFeature([AuthSession])],
  controllers: [AuthController],
  providers: [AuthService, SessionsService],
  exports: [AuthService, SessionsService],
})
export class AuthModule {}
