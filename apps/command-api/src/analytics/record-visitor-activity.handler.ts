import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RecordVisitorActivityResponse } from '@jokes/contracts';
import { visitorDecider, visitorStreamId } from '@jokes/domain';
import { EVENT_STORE, eventMetadata, formatCursor, type EventStore } from '@jokes/event-store';
import { RecordVisitorActivityCommand } from './record-visitor-activity.command.js';

/**
 * One append per batch, every item or none. Unlike the other commands this one
 * does not go through handleCommand: what a visitor did never depends on what
 * they did before, so reading a stream that grows with every visit would only
 * cost time, and concurrent batches (two tabs) must both land (expected version: any).
 */
@CommandHandler(RecordVisitorActivityCommand)
export class RecordVisitorActivityHandler implements ICommandHandler<RecordVisitorActivityCommand, RecordVisitorActivityResponse> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, origin }: RecordVisitorActivityCommand): Promise<RecordVisitorActivityResponse> {
    const now = new Date();
    const events = visitorDecider.decide({ type: 'RecordVisitorActivity', data: input }, visitorDecider.initialState(), { now });
    // 'anonymous' even with a session: the stream holds no personal data.
    const metadata = eventMetadata({ ...origin, actor: 'anonymous', causationId: randomUUID(), time: now, command: 'RecordVisitorActivity' });
    const appended = await this.store.append(
      visitorStreamId(input.visitorId),
      events.map((event) => ({ type: event.type, data: event.data, metadata })),
      { expectedVersion: 'any' },
    );
    return { accepted: events.length, position: formatCursor(appended.position) };
  }
}
