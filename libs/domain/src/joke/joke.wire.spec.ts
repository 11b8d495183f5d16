import { describe, expect, it } from '@jest/globals';
import { jokeOnTheWire } from './joke.wire.js';

describe('jokeOnTheWire', () => {
  it("names a written joke's fields as SPEC section 3 does, keeping nothing the wire does not show", () => {
    const wire = jokeOnTheWire({
      jokeId: 'joke-1',
      userId: 'user-1',
      comedianStyle: 'Ali Wong',
      topic: 'cats',
      topicSuggested: true,
      length: 'short',
      content: 'A cat joke.',
      writer: 'offline',
      form: 'deadpan/punchline/1',
      premiumBypass: false,
      generatedAt: '2026-03-01T09:00:00.000Z',
    });
    expect(wire).toEqual({ id: 'joke-1', content: 'A cat joke.', comedian_style: 'Ali Wong', topic: 'cats', length: 'short', created_at: '2026-03-01T09:00:00.000Z', user_id: 'user-1' });
  });
});
