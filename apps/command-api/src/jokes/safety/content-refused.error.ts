import type { RefusalStage, SafetyCategory } from '@jokes/domain';

/** The toast's title for every refusal, in SPEC's light tone: the product says no without scolding. */
export const CONTENT_REFUSED_TITLE = "Let's keep it funny";

/**
 * What the person reads. A refused topic is theirs to change; a refused joke
 * is the writer's doing, so its words do not blame the topic.
 */
export const CONTENT_REFUSED_MESSAGES: Readonly<Record<RefusalStage, string>> = {
  topic: 'That topic is off-limits. Try another one.',
  joke: 'That one came out wrong. Try another topic.',
};

/**
 * The moderator refused a generate and its JokeRefused is stored; the API
 * answers 422 with the category and none of the refused text.
 */
export class ContentRefusedError extends Error {
  override readonly name = 'ContentRefusedError';

  constructor(
    readonly stage: RefusalStage,
    readonly category: SafetyCategory,
  ) {
    super(CONTENT_REFUSED_MESSAGES[stage]);
  }

  get body(): { error: string; message: string; category: SafetyCategory } {
    return { error: CONTENT_REFUSED_TITLE, message: this.message, category: this.category };
  }
}
