import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { CookieOptions, Request, Response } from 'express';
import { AppConfig, CurrentUser, InjectConfig, Public, SessionUser } from '@solvr/server-core';
import { AuthService, PublicUser } from './auth.service';
import { REFRESH_TTL_MS } from './sessions.service';

export const REFRESH_COOKIE = 'solvr_refresh';

class LoginDto {
  @IsEmail({}, { message: 'Please enter a valid e-mail address.' }) @MaxLength(254) email: string;
  @IsString() @IsNotEmpty({ message: 'Please enter your password.' }) @MaxLength(200) password: string;
}

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  private cookie(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.publicUrl.startsWith('https:'), path: '/api/auth' };
  }

  private respond(res: Response, result: { access_token: string; refresh_token: string; user: PublicUser }) {
    res.cookie(REFRESH_COOKIE, result.refresh_token, { ...this.cookie(), maxAge: REFRESH_TTL_MS });
    return { access_token: result.access_token, user: result.user };
  }

  @Public()
  @Post('auth/login')
  @HttpCode(200)
  async login(@Body() body: LoginDto, @Res({ passthrough: true }) res: Response) {
    return this.respond(res, await this.auth.login(body.email, body.password));
  }

  /** Exchanges the refresh cookie for a new access token and a new refresh cookie. */
  @Public()
  @Post('auth/refresh')
  @HttpCode(200)
  async refresh(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    try {
      return this.respond(res, await this.auth.refresh(req.cookies?.[REFRESH_COOKIE]));
    } catch (err) {
      res.clearCookie(REFRESH_COOKIE, this.cookie());
      throw err;
    }
  }

  @Public()
  @Post('auth/logout')
  @HttpCode(204)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.auth.logout(req.cookies?.[REFRESH_COOKIE]);
    res.clearCookie(REFRESH_COOKIE, this.cookie());
  }

  @Get('users/me')
  me(@CurrentUser() user: SessionUser): Promise<PublicUser> {
    return this.auth.me(user.id);
  }
}
