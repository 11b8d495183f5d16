import { describe, expect, it } from '@jest/globals';
import { classifyGenerateFailure, FORBIDDEN_FALLBACK_MESSAGE } from './generate-failure';

describe('a failed generate', () => {
  it('asks for premium on 403 with requiresPremium', () => {
    const error = { status: 403, message: '403: …', body: { error: 'Premium', message: 'Upgrade', requiresPremium: true } };
    expect(classifyGenerateFailure(error)).toEqual({ kind: 'premium-required' });
  });

  it("shows another 403's message, or the fallback without one", () => {
    expect(classifyGenerateFailure({ status: 403, message: '403: …', body: { error: 'x', message: 'Banned' } })).toEqual({
      kind: 'forbidden',
      message: 'Banned',
    });
    expect(classifyGenerateFailure({ status: 403, message: '403: Forbidden' })).toEqual({
      kind: 'forbidden',
      message: FORBIDDEN_FALLBACK_MESSAGE,
    });
  });

  it('shows the spend ceiling in its own words: busy, and when to come back', () => {
    const body = { error: 'Our writers are busy', message: 'Too many people are laughing right now. Try again in 37 minutes.' };
    expect(classifyGenerateFailure({ status: 503, message: '503: …', body })).toEqual({ kind: 'busy', title: body.error, message: body.message });
  });

  it('is a generic failure for a failed writer, even when its answer is a 503', () => {
    const body = { error: 'Failed to generate joke', message: 'Failed to generate joke' };
    expect(classifyGenerateFailure({ status: 503, message: '503: …', body })).toEqual({ kind: 'failed' });
  });

  it("shows a refusal in the server's words: its title and message", () => {
    const body = { error: "Let's keep it funny", message: 'That topic is off-limits. Try another one.', category: 'hate' };
    expect(classifyGenerateFailure({ status: 422, message: '422: …', body })).toEqual({ kind: 'refused', title: body.error, message: body.message });
  });

  it('is a generic failure for a 422 that is not a refusal', () => {
    expect(classifyGenerateFailure({ status: 422, message: '422: …', body: { error: 'invalid_joke', message: 'A joke cannot be empty' } })).toEqual({ kind: 'failed' });
  });

  it('is a generic failure otherwise', () => {
    expect(classifyGenerateFailure({ status: 502, message: '502: …', body: { error: 'Failed to generate joke' } })).toEqual({
      kind: 'failed',
    });
    expect(classifyGenerateFailure({ status: 'FETCH_ERROR', message: 'offline' })).toEqual({ kind: 'failed' });
    expect(classifyGenerateFailure(new Error('boom'))).toEqual({ kind: 'failed' });
  });
});
