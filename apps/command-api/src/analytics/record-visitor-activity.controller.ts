import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { recordVisitorActivity, recordVisitorActivityRequest, type RecordVisitorActivityResponse } from '@jokes/contracts';
import type { CommandOrigin } from '@jokes/event-store';
import { parseOrBadRequest } from '@jokes/server';
import { Origin } from '../http/command-origin.js';
import { RecordVisitorActivityCommand } from './record-visitor-activity.command.js';
import { RateLimited } from '../rate-limits/rate-limited.decorator.js';

/**
 * The browser's analytics batches. No session is needed and none is read
 * (no @CurrentCaller): a signed-in visitor's activity is stored as anonymously
 * as anyone's. The body's size was checked against the contract's
 * maxBodyBytes before this runs (RequestInputGuard).
 */
@Controller()
export class RecordVisitorActivityController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(recordVisitorActivity.path)
  @RateLimited('analytics')
  @HttpCode(200)
  async record(@Body() body: unknown, @Origin() origin: CommandOrigin): Promise<RecordVisitorActivityResponse> {
    // One bad item refuses the batch before anything is stored.
    const request = parseOrBadRequest(recordVisitorActivityRequest, body);
    const items = request.events.map((item) => ({
      name: item.name,
      occurredAt: item.occurred_at,
      path: item.path ?? null,
      comedianStyle: item.comedian_style ?? null,
      length: item.length ?? null,
      topic: item.topic ?? null,
      platform: item.platform ?? null,
      value: item.value ?? null,
    }));
    return this.commandBus.execute(new RecordVisitorActivityCommand({ visitorId: request.visitor_id, items }, origin));
  }
}
