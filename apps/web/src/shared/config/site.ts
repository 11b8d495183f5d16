/**
 * Facts about the product and its operator that appear in several places
 * (top bar, footer, legal pages, share texts). One place to change them.
 */
export const site = {
  name: 'Standup Jokes AI',
  company: 'Punchline Labs Ltd',
  supportEmail: 'support@standupjokes.ai',
  /** The fixed product handle the X share mentions. */
  xHandle: '@StandupJokesAI',
  aiProvider: 'OpenAI',
  minimumAge: 18,
} as const;

export const supportMailto = (subject?: string): string =>
  `mailto:${site.supportEmail}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
