import { describe, expect, it } from '@jest/globals';
import { deletionScheduledToast, formatErasureDate } from './account-deletion';

describe('account deletion wording', () => {
  it('names the erasure date for people', () => {
    expect(formatErasureDate('2026-12-23T09:30:00.000Z', 'en-US')).toBe('December 23, 2026');
  });

  it('shows a date it cannot read as the server sent it', () => {
    expect(formatErasureDate('soon', 'en-US')).toBe('soon');
  });

  it('tells the user they are signed out, when the erasure is due and how to cancel it', () => {
    expect(deletionScheduledToast('2026-12-23T09:30:00.000Z', 'en-US')).toEqual({
      title: 'Account Deletion Scheduled',
      description:
        'You have been signed out everywhere. Your account will be erased on December 23, 2026; sign in before then to cancel the deletion.',
    });
  });
});
