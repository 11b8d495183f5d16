/**
 * Why a topic or a joke was refused: the closed list of what the product never
 * writes, whatever the topic asks (an 18+ product may swear, be dark and mock
 * the powerful; these it may not). Defined once here so a refusal event can
 * carry the category and every moderator answers in the same words.
 */
export const SAFETY_CATEGORIES = [
  /** Sexual content involving anyone under 18. */
  'sexual_minors',
  /** Sexual content about a real, named person. */
  'sexual_real_person',
  /** Hate against, or dehumanisation of, a protected group (slurs included). */
  'hate',
  /** Encouragement of, or instructions for, self-harm or suicide. */
  'self_harm',
  /** Credible threats of, or incitement to, violence against real people. */
  'threat',
  /** Instructions for weapons or serious crime. */
  'weapons_crime',
] as const;

export type SafetyCategory = (typeof SAFETY_CATEGORIES)[number];

export function isSafetyCategory(value: unknown): value is SafetyCategory {
  return typeof value === 'string' && (SAFETY_CATEGORIES as readonly string[]).includes(value);
}
