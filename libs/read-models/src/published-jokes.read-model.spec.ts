import { describe, expect, it } from '@jest/globals';
import type { JokeShared, JokeUnpublished, JokeWithdrawn } from '@jokes/domain';
import { evolveClosedAccount, type AccountClosingEvent, type ClosedAccountRow } from './closed-accounts.read-model.js';
import { evolvePublishedJoke, type PublishedJokeRow, type PublishingEvent } from './published-jokes.read-model.js';

const jokeId = '7b0c1f1e-0000-4000-8000-000000000001';
const shared = (userId: string | null, sharedAt: string): JokeShared => ({
  type: 'JokeShared',
  data: { jokeId, userId, visitorId: '7b0c1f1e-0000-4000-8000-0000000000aa', platform: 'x', comedianStyle: 'Ali Wong', length: 'short', topic: 'cats', sharedAt },
});
const unpublished: JokeUnpublished = { type: 'JokeUnpublished', data: { jokeId, userId: 'owner', unpublishedAt: '2026-11-21T00:00:00.000Z' } };
const withdrawn: JokeWithdrawn = { type: 'JokeWithdrawn', data: { jokeId, userId: 'owner', reason: 'copyright', withdrawnAt: '2026-11-22T00:00:00.000Z' } };
const fold = (events: PublishingEvent[]) => events.reduce<PublishedJokeRow | null>(evolvePublishedJoke, null);

describe('published joke row', () => {
  it('is published by the first share, dated by it; later shares change nothing', () => {
    expect(fold([shared(null, '2026-11-20T10:00:00.000Z'), shared('reader', '2026-11-20T11:00:00.000Z')])).toEqual({
      id: jokeId,
      published: true,
      published_at: '2026-11-20T10:00:00.000Z',
      unpublished_by: null,
    });
  });

  it("goes down when the owner unpublishes, and a stranger's share does not put it back up", () => {
    expect(fold([shared('owner', '2026-11-20T10:00:00.000Z'), unpublished, shared('stranger', '2026-11-21T10:00:00.000Z'), shared(null, '2026-11-21T11:00:00.000Z')])).toEqual({
      id: jokeId,
      published: false,
      published_at: null,
      unpublished_by: 'owner',
    });
  });

  it("comes back with the owner's own share, dated by it", () => {
    expect(fold([shared('owner', '2026-11-20T10:00:00.000Z'), unpublished, shared('owner', '2026-11-23T10:00:00.000Z')])).toMatchObject({
      published: true,
      published_at: '2026-11-23T10:00:00.000Z',
      unpublished_by: null,
    });
  });

  it('is gone for good once support withdraws the joke', () => {
    expect(fold([shared(null, '2026-11-20T10:00:00.000Z'), withdrawn])).toBeNull();
  });
});

describe('closed account row', () => {
  const userId = '7b0c1f1e-0000-4000-8000-0000000000bb';
  const requested: AccountClosingEvent = { type: 'AccountDeletionRequested', data: { userId, requestedAt: '2026-11-20T10:00:00.000Z', erasureDueAt: '2026-12-20T10:00:00.000Z' } };
  const canceled: AccountClosingEvent = { type: 'AccountDeletionCanceled', data: { userId, canceledAt: '2026-11-21T10:00:00.000Z' } };
  const erased: AccountClosingEvent = { type: 'AccountErased', data: { userId, erasedAt: '2026-12-20T10:00:00.000Z' } };
  const fold = (events: AccountClosingEvent[]) => events.reduce<ClosedAccountRow | null>(evolveClosedAccount, null);

  it('closes on the deletion request and stays closed after the erasure', () => {
    expect(fold([requested])).toEqual({ user_id: userId, closed_at: '2026-11-20T10:00:00.000Z' });
    expect(fold([requested, erased])).toEqual({ user_id: userId, closed_at: '2026-11-20T10:00:00.000Z' });
  });

  it('opens again when the person cancels the deletion', () => {
    expect(fold([requested, canceled])).toBeNull();
    expect(fold([requested, canceled, erased])).toEqual({ user_id: userId, closed_at: '2026-12-20T10:00:00.000Z' });
  });
});
