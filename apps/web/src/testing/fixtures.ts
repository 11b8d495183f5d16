import type { Catalogue } from '@jokes/contracts';
import type { GeneratedJoke } from '../features/jokes/api/jokes.api';

export const FREE_COMEDIAN = 'Ada Lovelaugh';
export const OTHER_FREE_COMEDIAN = 'Grace Hopper-Funny';
export const PREMIUM_COMEDIAN = 'Premium Pete';

export const catalogue: Catalogue = {
  comedians: [
    { name: FREE_COMEDIAN, tier: 'free', makeMeLaugh: true },
    { name: OTHER_FREE_COMEDIAN, tier: 'free', makeMeLaugh: false },
    { name: PREMIUM_COMEDIAN, tier: 'premium', makeMeLaugh: false },
  ],
  lengths: [
    { value: 'one-liner', label: 'One-liner', description: '1 sentence', minSentences: 1, maxSentences: 1, tier: 'premium' },
    { value: 'short', label: 'Short', description: '2-3 sentences', minSentences: 2, maxSentences: 3, tier: 'free' },
    { value: 'medium', label: 'Medium', description: '4-6 sentences', minSentences: 4, maxSentences: 6, tier: 'premium' },
    { value: 'long', label: 'Long', description: '8-10 sentences', minSentences: 8, maxSentences: 10, tier: 'premium' },
  ],
};

let sequence = 0;

export function aJoke(overrides: Partial<GeneratedJoke> = {}): GeneratedJoke {
  sequence += 1;
  return {
    id: `joke-${sequence}`,
    content: 'I told my computer a joke about UDP. It did not get it.',
    comedian_style: FREE_COMEDIAN,
    topic: 'networking',
    length: 'short',
    created_at: '2025-05-01T12:00:00.000Z',
    user_id: null,
    rating: null,
    position: `100.${sequence}`,
    ...overrides,
  };
}
