import { describe, expect, it } from '@jest/globals';
import { classifySpeechFailure } from './speech-failure';

describe('a failed narration', () => {
  it("shows the server's error (SPEC 8)", () => {
    const body = { error: 'Failed to generate speech', message: 'The voice service could not read this joke aloud. Please try again.' };
    expect(classifySpeechFailure({ status: 502, message: '502: …', body })).toEqual({ kind: 'speech-failed', reason: body.error });
  });

  it('shows when narration comes back beyond the daily quota (429) or the spend ceiling (503)', () => {
    const quota = { error: 'Daily narration limit reached', message: 'You have had 10,000 characters read aloud today, the daily limit. It resets in 5 hours.' };
    const busy = { error: 'Our narrators are busy', message: 'Too many jokes are being read aloud right now. Try again in 12 minutes.' };
    expect(classifySpeechFailure({ status: 429, message: '429: …', body: quota })).toEqual({ kind: 'speech-failed', reason: quota.message });
    expect(classifySpeechFailure({ status: 503, message: '503: …', body: busy })).toEqual({ kind: 'speech-failed', reason: busy.message });
  });

  it("shows that a joke was taken down (410), in the server's words", () => {
    const gone = { error: 'Joke taken down', message: "This joke was taken down, so it can't be read aloud." };
    expect(classifySpeechFailure({ status: 410, message: '410: …', body: gone })).toEqual({ kind: 'speech-failed', reason: gone.message });
  });

  it('shows why a text was refused (422), not only the refusal title', () => {
    const refused = { error: "Let's keep it funny", message: "That one isn't ours to read aloud. Try another joke.", category: 'hate' };
    expect(classifySpeechFailure({ status: 422, message: '422: …', body: refused })).toEqual({ kind: 'speech-failed', reason: refused.message });
  });
});
