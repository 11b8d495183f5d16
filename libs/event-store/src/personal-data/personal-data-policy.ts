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
}

export type PersonalDataPolicy = Readonly<Record<string, PersonalFieldsRule>>;
