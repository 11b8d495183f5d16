import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { recordVisitorActivity, recordVisitorActivityRequest, type RecordVisitorActivityResponse } from '@jokes/contracts';
import { visitorDecider, visitorStreamId } from '@jokes/domain';
import { EVENT_STORE, runCommand, type CommandOrigin, type EventStore } from '@jokes/event-store';
import { parseOrBadRequest } from '@jokes/server';
import { Origin } from '../http/command-origin.js';
import { RateLimited } from '../rate-limits/rate-limited.decorator.js';

/**
 * The browser's analytics batches. No session is needed and none is read
 * (no @CurrentCaller): a signed-in visitor's activity is stored as anonymously
 * as anyone's. The body's size was checked against the contract's
 * maxBodyBytes before this runs (RequestInputGuard).
 */
@Controller()
export class RecordVisitorActivityController {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

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
    const { newEvents, answer } = await runCommand(
      this.store,
      visitorDecider,
      visitorStreamId(request.visitor_id),
      { type: 'RecordVisitorActivity', data: { visitorId: request.visitor_id, items } },
      // One append per batch, every item or none. What a visitor did never depends on what they did
      // before, so the stream, which grows with every visit, is not read, and two tabs' batches both land.
      // 'anonymous' even with a session: the stream holds no personal data.
      { actor: 'anonymous', origin, context: { now: new Date() }, readsNothing: true },
    );
    // The batch is never empty (the contract), so something was appended.
    return { accepted: newEvents.length, position: answer! };
  }
}
