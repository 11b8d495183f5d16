import type { ContentRefusedBody } from '@jokes/contracts';
import type { ContentRefusal } from '@jokes/domain';

/** The toast's title for every refusal, in SPEC's light tone: the product says no without scolding. */
export const CONTENT_REFUSED_TITLE = "Let's keep it funny";

/**
 * What the person reads. A refused topic is theirs to change; a refused joke
 * is the writer's doing, so its words do not blame the topic.
 */
export const CONTENT_REFUSED_MESSAGES: Readonly<Record<ContentRefusal['stage'], string>> = {
  topic: 'That topic is off-limits. Try another one.',
  joke: 'That one came out wrong. Try another topic.',
};

/** The 422's body: the category and none of the refused text. */
export const contentRefusedBody = ({ stage, category }: ContentRefusal): ContentRefusedBody => ({
  error: CONTENT_REFUSED_TITLE,
  message: CONTENT_REFUSED_MESSAGES[stage],
  category,
});
