import { BadRequestException, Body, Controller, Get, HttpCode, NotFoundException, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { randomBytes } from 'crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticateOptions } from 'passport';
import { AUTH_MESSAGES, checkSignupRequest, mustCompleteProfile, pathTo, type SigninErrorCode } from '@solvr/contracts';
import { AppConfig, CurrentUser, InjectConfig, NoStore, Public, SessionUser, ApiDoc, doc } from '@solvr/server-core';
import { AuthService, GoogleLinkRefused, GoogleProfile, PublicUser, SignedIn } from './auth.service';
import { authConfig, type AuthConfig } from './auth.config';
import { runPassport } from './passport-fastify';
import { safeReturnTo } from './return-to';
import { REFRESH_TTL_MS } from './sessions.service';
import { SameSiteGuard } from './same-site.guard';
import { Throttle, ThrottleGuard, ThrottleService } from './throttle.guard';
import { EmailDto, LoginDto, SignupDto, ChangePasswordDto, ResetDto } from './auth.dto';

/** Parts of the API reference (ApiDoc) that several of these routes share. */
const REFRESH_SET = { 'Set-Cookie': 'solvr_refresh: the new refresh token (httpOnly, path /api/auth, 30 days)' };

export const REFRESH_COOKIE = 'solvr_refresh';
const STATE_COOKIE = 'solvr_oauth_state';
const RETURN_COOKIE = 'solvr_oauth_return';

/** Every answer is about one account: its user, its tokens. */
@Controller()
@NoStore()
@UseGuards(SameSiteGuard, ThrottleGuard)
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly throttle: ThrottleService,
    @InjectConfig() private readonly config: AppConfig,
    @InjectConfig(authConfig) private readonly settings: AuthConfig,
  ) {}

  private cookie(path = '/api/auth'): CookieSerializeOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.publicUrl.startsWith('https:'), path };
  }

  private respond(res: FastifyReply, result: SignedIn): { access_token: string; user: PublicUser } {
    res.setCookie(REFRESH_COOKIE, result.refresh_token, { ...this.cookie(), maxAge: REFRESH_TTL_MS / 1000 });
    return { access_token: result.access_token, user: result.user };
  }

  @Public()
  @Post('auth/login')
  @HttpCode(200)
  @Throttle('login', { failuresOnly: true })
  @ApiDoc('Accounts', {
    summary: 'Sign in',
    description: "Answers a 15-minute access token and sets the refresh cookie. Failed attempts spend the e-mail's throttle budget.",
    answers: [{ status: 200, description: 'Signed in', json: 'AuthResponse', headers: REFRESH_SET }],
    errors: [401, 403, 415, 429, 503],
  })
  async login(@Body() body: LoginDto, @Res({ passthrough: true }) res: FastifyReply) {
    const result = await this.throttle.countingFailures('login', body.email, () => this.auth.login(body.email, body.password));
    return this.respond(res, result);
  }

  /** Same answer whether or not the e-mail is registered (see AuthService.signup). */
  @Public()
  @Post('auth/signup')
  @HttpCode(202)
  @Throttle('signup')
  @ApiDoc('Accounts', {
    summary: 'Sign up with e-mail and password',
    description: 'The same answer whether or not the address is registered; a verification e-mail is sent to a new one.',
    answers: [{ status: 202, description: 'Accepted', json: 'AcceptedResponse' }],
    errors: [403, 415, 429, 503],
  })
  async signup(@Body() body: SignupDto): Promise<{ success: true; message: string }> {
    const refused = checkSignupRequest(body);
    if (refused) throw new BadRequestException(refused);
    await this.auth.signup(body.email as string, body.password as string);
    return { success: true, message: AUTH_MESSAGES.signupAccepted };
  }

  @Public()
  @Post('auth/resend-verification')
  @HttpCode(202)
  @Throttle('resend')
  @ApiDoc('Accounts', { summary: 'Send the verification e-mail again', answers: [{ status: 202, description: 'Accepted', json: 'AcceptedResponse' }], errors: [403, 415, 429] })
  async resend(@Body() body: EmailDto): Promise<{ success: true; message: string }> {
    await this.auth.resendVerification(body.email);
    return { success: true, message: AUTH_MESSAGES.resendAccepted };
  }

  /** The link in the verification e-mail: confirms, then lands on the confirmation page. */
  @Public()
  @Get('auth/verify-email')
  @ApiDoc('Accounts', {
    summary: 'Confirm an e-mail address (the link in the verification e-mail)',
    query: { token: 'The token of the link' },
    answers: [doc.redirect('To the confirmation page, saying whether the link was valid')],
  })
  async verifyEmail(@Query('token') token: unknown, @Res() res: FastifyReply): Promise<void> {
    // A repeated parameter arrives as an array: that is no token of ours.
    const outcome = typeof token === 'string' ? await this.auth.verifyEmail(token) : 'invalid';
    const query = ({ confirmed: {}, already: { already: '1' }, invalid: { error: 'invalid' } } as const)[outcome];
    res.redirect(pathTo('VerifyYourEmail', undefined, query), 302);
  }

  @Public()
  @Post('auth/forgot-password')
  @HttpCode(202)
  @Throttle('reset')
  @ApiDoc('Accounts', { summary: 'Ask for a password reset e-mail', answers: [{ status: 202, description: 'Accepted (whether or not the address is registered)', json: 'AcceptedResponse' }], errors: [403, 415, 429] })
  async forgot(@Body() body: EmailDto): Promise<{ success: true; message: string }> {
    await this.auth.forgotPassword(body.email);
    return { success: true, message: AUTH_MESSAGES.resetRequested };
  }

  @Public()
  @Post('auth/reset-password')
  @HttpCode(200)
  @Throttle('reset')
  @ApiDoc('Accounts', { summary: 'Set a new password with the token of a reset e-mail', answers: doc.ok('AcceptedResponse', 'Password changed'), errors: [403, 415, 429, 503] })
  async reset(@Body() body: ResetDto): Promise<{ success: true; message: string }> {
    await this.auth.resetPassword(body.token, body.password);
    return { success: true, message: AUTH_MESSAGES.resetDone };
  }

  /** Starts the OAuth redirect; `returnTo` must be a path on this site. */
  @Public()
  @Get('auth/google')
  @ApiDoc('Accounts', {
    summary: 'Start "Continue with Google"',
    query: { returnTo: 'A path on this site to land on afterwards' },
    answers: [doc.redirect("To Google's consent page, or back to the sign-in page when Google sign-in is not configured")],
  })
  async google(@Query('returnTo') returnTo: string | undefined, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    if (!this.settings.google) return res.redirect(pathTo('Signin', undefined, { error: 'google' }), 302);
    const state = randomBytes(24).toString('base64url');
    const short = { ...this.cookie('/api/auth/google'), maxAge: 10 * 60 };
    const outcome = await runPassport('google', req, { session: false, state, prompt: 'select_account' } as AuthenticateOptions);
    if (!('redirect' in outcome)) return res.redirect(pathTo('Signin', undefined, { error: 'google' }), 302);
    res.setCookie(STATE_COOKIE, state, short).setCookie(RETURN_COOKIE, safeReturnTo(returnTo), short).redirect(outcome.redirect, 302);
  }

  @Public()
  @Get('auth/google/callback')
  @ApiDoc('Accounts', {
    summary: "Google's redirect back after consent",
    query: { state: 'Must match the state cookie set by /api/auth/google', code: "Google's authorization code" },
    answers: [doc.redirect('Signed in (refresh cookie set): to the return path or Complete Profile; else to the sign-in page with an error')],
    errors: [404],
  })
  async googleCallback(@Req() req: FastifyRequest<{ Querystring: { state?: string } }>, @Res() res: FastifyReply): Promise<void> {
    if (!this.settings.google) throw new NotFoundException();
    const fail = (error: SigninErrorCode) => res.redirect(pathTo('Signin', undefined, { error }), 302);
    const expected = req.cookies[STATE_COOKIE];
    res.clearCookie(STATE_COOKIE, this.cookie('/api/auth/google'));
    if (!expected || req.query.state !== expected) return fail('google');
    const outcome = await runPassport<GoogleProfile>('google', req, { session: false }).catch(() => ({ failed: true as const }));
    if (!('user' in outcome)) return fail('google');
    try {
      const result = await this.auth.googleLogin(outcome.user);
      this.respond(res, result);
      const target = mustCompleteProfile(result.user)
        ? pathTo('CompleteProfile', undefined, { hasPassword: result.user.has_password ? 'yes' : 'no' })
        : safeReturnTo(req.cookies[RETURN_COOKIE]);
      res.redirect(target, 302);
    } catch (e) {
      fail(e instanceof GoogleLinkRefused && e.message === AUTH_MESSAGES.googleNotVerified ? 'google-unverified' : 'google');
    }
  }

  /**
   * Exchanges the refresh cookie for a new access token and a new refresh cookie. Without any cookie there is
   * simply no session: 204, so a signed-out visitor's page load logs no error.
   */
  @Public()
  @Post('auth/refresh')
  @HttpCode(200)
  @ApiDoc('Accounts', {
    summary: 'Exchange the refresh cookie for a new access token',
    description: 'Rotates the refresh cookie; replaying a rotated one ends the whole session family.',
    auth: 'refreshCookie',
    answers: [{ status: 200, description: 'A new session', json: 'AuthResponse', headers: REFRESH_SET }, { status: 204, description: 'No refresh cookie: no session' }],
    errors: [401, 403],
  })
  async refresh(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply) {
    if (!req.cookies[REFRESH_COOKIE]) {
      res.status(204);
      return undefined;
    }
    try {
      return this.respond(res, await this.auth.refresh(req.cookies[REFRESH_COOKIE]));
    } catch (err) {
      res.clearCookie(REFRESH_COOKIE, this.cookie());
      throw err;
    }
  }

  @Public()
  @Post('auth/logout')
  @HttpCode(204)
  @ApiDoc('Accounts', { summary: 'Sign out', description: 'Ends the session of the refresh cookie and clears it.', auth: 'refreshCookie', answers: doc.noContent('Signed out'), errors: [403] })
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<void> {
    await this.auth.logout(req.cookies[REFRESH_COOKIE]);
    res.clearCookie(REFRESH_COOKIE, this.cookie());
  }

  /** Sets a new password: the current one is needed when the account has one; other sessions end. */
  @Post('users/me/password')
  @HttpCode(200)
  @Throttle('password', { failuresOnly: true })
  @ApiDoc('Accounts', {
    summary: 'Change the password',
    description: 'The current password is needed when the account has one; the other sessions end.',
    answers: [{ status: 200, description: 'Changed: a new session', json: 'PasswordChangedResponse', headers: REFRESH_SET }],
    errors: [403, 415, 429, 503],
  })
  async changePassword(@CurrentUser() user: SessionUser, @Body() body: ChangePasswordDto, @Res({ passthrough: true }) res: FastifyReply) {
    const result = await this.auth.changePassword(user.id, body.current_password, body.password).catch(async (err) => {
      if (err instanceof BadRequestException) await this.throttle.consumeAccount('password', user.email).catch(() => undefined);
      throw err;
    });
    return { ...this.respond(res, result), message: AUTH_MESSAGES.passwordChanged };
  }
}
