import { Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AccessTokenClaims } from '@solvr/server-core';
import { User, verifyPassword } from '@solvr/server-users';
import { SessionsService } from './sessions.service';

export const INVALID_CREDENTIALS = 'Invalid email or password';

export interface PublicUser {
  id: string;
  email: string;
  full_name: string | null;
  role: User['role'];
  download_count: number;
  profile_completed: boolean;
}

export const toPublicUser = (u: User): PublicUser => ({
  id: u.id,
  email: u.email,
  full_name: u.fullName,
  role: u.role,
  download_count: u.downloadCount,
  profile_completed: u.profileCompleted,
});

export interface SignedIn {
  access_token: string;
  refresh_token: string;
  user: PublicUser;
}

@Injectable()
export class AuthService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly sessions: SessionsService,
    private readonly jwt: JwtService,
  ) {}

  private async signedIn(user: User, refreshToken: string): Promise<SignedIn> {
    const claims: AccessTokenClaims = { sub: user.id, email: user.email, role: user.role };
    return { access_token: await this.jwt.signAsync(claims), refresh_token: refreshToken, user: toPublicUser(user) };
  }

  async login(email: string, password: string): Promise<SignedIn> {
    const user = await this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.email = :email', { email: email.trim().toLowerCase() })
      .getOne();
    // Same answer for an unknown e-mail and a wrong password.
    if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, password))) throw new UnauthorizedException(INVALID_CREDENTIALS);
    await this.users.update(user.id, { lastLogin: new Date() });
    return this.signedIn(user, await this.sessions.start(user.id));
  }

  async refresh(token: string | undefined): Promise<SignedIn> {
    const { userId, token: next } = await this.sessions.rotate(token);
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new UnauthorizedException('Your session has expired. Please sign in again.');
    return this.signedIn(user, next);
  }

  logout(token: string | undefined): Promise<void> {
    return this.sessions.end(token);
  }

  async me(userId: string): Promise<PublicUser> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new UnauthorizedException('Your session has expired. Please sign in again.');
    return toPublicUser(user);
  }
}
