import { Body, Controller, ForbiddenException, Get, HttpCode, HttpException, Inject, NotFoundException, Post, Query, Res } from '@nestjs/common';
import { cancelAccountDeletion, exportMyData, requestAccountDeletion, type PersonalDataExport, type ResponseOf } from '@jokes/contracts';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest, requireCaller } from '@jokes/server';
import type { Response } from 'express';
import { AuthRequest, type AuthRequestContext } from '../auth/gotrue/auth-request.js';
import { AccountDeletionService, IncorrectPasswordError, TooManyAttemptsError, UnknownAccountError } from './account-deletion.service.js';
import { exportFileName, personalDataExport } from './personal-data-export.js';
import { PersonalEventsReader } from './personal-events.js';

const incorrectPassword = () => new ForbiddenException({ error: 'Incorrect password', message: 'The password is not correct.' });
const tooMany = () => new HttpException({ error: 'Too many requests', message: 'Too many attempts. Please wait a few minutes and try again.' }, 429);

/** Issue 11: a person's own data (export) and their account's deletion. */
@Controller()
export class AccountPrivacyController {
  constructor(
    @Inject(AccountDeletionService) private readonly deletion: AccountDeletionService,
    @Inject(PersonalEventsReader) private readonly events: PersonalEventsReader,
  ) {}

  @Get(exportMyData.path)
  async export(@Query() query: unknown, @CurrentCaller() caller: Caller | undefined, @Res({ passthrough: true }) response: Response): Promise<PersonalDataExport> {
    const who = requireCaller(caller);
    const { user_id } = parseOrBadRequest(exportMyData.query!, query);
    assertOwnUserId(who, user_id);
    const now = new Date();
    const document = personalDataExport(await this.events.of(who.userId), now);
    if (!document) throw new NotFoundException({ error: 'Not Found', message: 'No account found for this session.' });
    response.setHeader('content-disposition', `attachment; filename="${exportFileName(now)}"`);
    response.setHeader('cache-control', 'no-store');
    return document;
  }

  @Post(requestAccountDeletion.path)
  @HttpCode(200)
  async delete(
    @Body() body: unknown,
    @CurrentCaller() caller: Caller | undefined,
    @AuthRequest() request: AuthRequestContext,
  ): Promise<ResponseOf<typeof requestAccountDeletion>> {
    const who = requireCaller(caller);
    const input = parseOrBadRequest(requestAccountDeletion.body!, body);
    assertOwnUserId(who, input.user_id);
    try {
      return await this.deletion.request(who.userId, input.password, request);
    } catch (error) {
      if (error instanceof IncorrectPasswordError) throw incorrectPassword();
      if (error instanceof TooManyAttemptsError) throw tooMany();
      throw error;
    }
  }

  @Post(cancelAccountDeletion.path)
  @HttpCode(200)
  async cancel(@Body() body: unknown, @AuthRequest() request: AuthRequestContext): Promise<ResponseOf<typeof cancelAccountDeletion>> {
    const input = parseOrBadRequest(cancelAccountDeletion.body!, body);
    try {
      await this.deletion.cancel(input.email, input.password, request);
      return { restored: true };
    } catch (error) {
      if (error instanceof UnknownAccountError) {
        throw new HttpException({ error: 'Invalid login credentials', message: 'The e-mail address or password is not correct.' }, 400);
      }
      if (error instanceof TooManyAttemptsError) throw tooMany();
      throw error;
    }
  }
}
