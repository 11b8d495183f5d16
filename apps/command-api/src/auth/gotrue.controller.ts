import { Body, Controller, Get, Header, HttpCode, Inject, Post, Put, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ReadsOwnToken } from '@jokes/server';
import type { Response } from 'express';
import { ApiKeyGuard, OpenWithoutApiKey } from './gotrue/api-key.guard.js';
import { AuthRequest, type AuthRequestContext } from './gotrue/auth-request.js';
import { AuthErrors } from './gotrue/gotrue-error.js';
import { GoTrueErrorFilter } from './gotrue/gotrue-error.filter.js';
import type { GoTrueSession, GoTrueUser } from './gotrue/user-view.js';
import { RecoveryRequest } from './recover/recovery-request.js';
import { ResendRequest } from './resend/resend-request.js';
import { SignupService } from './signup/signup.service.js';
import { TokenGrants } from './tokens/token-grants.js';
import { UserAccount } from './user/user-account.js';
import { Verification } from './verify/verification.js';

type Query = Record<string, unknown>;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The Supabase-Auth (GoTrue) subset at `/auth/v1` that supabase-js speaks:
 * same paths, bodies, answers and error shape, so the browser needs no
 * adapter and a hosted Supabase project can replace it (DESIGN.md decision 7).
 */
@ReadsOwnToken()
@Controller('auth/v1')
@UseFilters(GoTrueErrorFilter)
@UseGuards(ApiKeyGuard)
export class GoTrueController {
  constructor(
    @Inject(SignupService) private readonly signup: SignupService,
    @Inject(TokenGrants) private readonly grants: TokenGrants,
    @Inject(Verification) private readonly verification: Verification,
    @Inject(RecoveryRequest) private readonly recovery: RecoveryRequest,
    @Inject(ResendRequest) private readonly resendRequest: ResendRequest,
    @Inject(UserAccount) private readonly account: UserAccount,
  ) {}

  @Post('signup')
  @HttpCode(200)
  signUp(@Body() body: unknown, @Query() query: Query, @AuthRequest() request: AuthRequestContext): Promise<GoTrueUser> {
    return this.signup.signUp(body, text(query.redirect_to), request);
  }

  @Post('token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  token(@Body() body: unknown, @Query() query: Query, @AuthRequest() request: AuthRequestContext): Promise<GoTrueSession> {
    switch (query.grant_type) {
      case 'password':
        return this.grants.password(body, request);
      case 'refresh_token':
        return this.grants.refresh(body, request);
      case 'pkce':
        return this.grants.pkce(body, request);
      default:
        throw AuthErrors.validation('unsupported_grant_type');
    }
  }

  /** The link in a mail: opened by a browser, so no apikey (Supabase's gateway leaves it open too). */
  @Get('verify')
  @OpenWithoutApiKey()
  async followLink(@Query() query: Query, @AuthRequest() request: AuthRequestContext, @Res() response: Response): Promise<void> {
    response.setHeader('Cache-Control', 'no-store');
    // The fragment keeps tokens out of logs and Referer headers; 303 makes the browser GET the target.
    response.redirect(303, await this.verification.followLink(query, request));
  }

  @Post('verify')
  @OpenWithoutApiKey()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  verifyOtp(@Body() body: unknown, @AuthRequest() request: AuthRequestContext): Promise<GoTrueSession> {
    return this.verification.verifyOtp(body, request);
  }

  @Post('recover')
  @HttpCode(200)
  recover(@Body() body: unknown, @Query() query: Query, @AuthRequest() request: AuthRequestContext): Promise<Record<string, never>> {
    return this.recovery.request(body, text(query.redirect_to), request);
  }

  @Post('resend')
  @HttpCode(200)
  resend(@Body() body: unknown, @Query() query: Query, @AuthRequest() request: AuthRequestContext): Promise<Record<string, never>> {
    return this.resendRequest.request(body, text(query.redirect_to), request);
  }

  @Get('user')
  getUser(@AuthRequest() request: AuthRequestContext): Promise<GoTrueUser> {
    return this.account.get(request);
  }

  @Put('user')
  updateUser(@Body() body: unknown, @AuthRequest() request: AuthRequestContext): Promise<GoTrueUser> {
    return this.account.update(body, request);
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@Query() query: Query, @AuthRequest() request: AuthRequestContext): Promise<void> {
    await this.account.logout(query.scope, request);
  }
}
