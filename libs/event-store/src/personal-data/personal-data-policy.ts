/**
 * Which fields of which event types are personal, whose they are, and what they
 * read as once that person's key is destroyed. The domain declares it (its
 * `PERSONAL_DATA`); this library applies it without knowing the events.
 */
export interface PersonalFieldsRule {
  /** The data field naming the person (their key's id). */
  subject: string;
  /** Each personal field and the value it reads as after erasure. */
  erased: Readonly<Record<string, unknown>>;
  /**
   * Which of the person's keys seals these fields: absent, their personal key;
   * a name, a key of its own (`{name}:{subject}` in the keys table) with a
   * life of its own, such as payment records kept years after the person's
   * erasure and destroyed when their retention ends.
   */
  key?: string;
}

/** The id of the key that seals a rule's fields for one subject. */
export function sealingKeyOf(rule: PersonalFieldsRule, subject: string): string {
  return rule.key ? `${rule.key}:${subject}` : subject;
}

export type PersonalDataPolicy = Readonly<Record<string, PersonalFieldsRule>>;
