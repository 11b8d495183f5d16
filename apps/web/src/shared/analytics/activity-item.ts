import { visitorActivityItem, type VisitorActivityItemBody } from '@jokes/contracts';
import type { JokeFacts, TrackedEvent } from './analytics';

// The contract's limits (recordVisitorActivity): one item over them would refuse the whole batch.
const PATH_MAX = 300;
const COMEDIAN_MAX = 100;
const TOPIC_MAX = 200;

/**
 * Shortens to at most `max` UTF-16 units without splitting a character: half a
 * surrogate pair is text the server refuses.
 */
export function clip(value: string, max: number): string {
  if (value.length <= max) return value;
  let clipped = '';
  for (const character of value) {
    if (clipped.length + character.length > max) break;
    clipped += character;
  }
  return clipped;
}

/** A page view's path: the pathname only, never a query or fragment (they can carry tokens or an e-mail). */
export function pathOnly(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

function jokeFields({ comedian_style, length, topic }: JokeFacts): Partial<VisitorActivityItemBody> {
  const trimmedTopic = topic.trim();
  return {
    comedian_style: clip(comedian_style, COMEDIAN_MAX),
    length,
    ...(trimmedTopic === '' ? {} : { topic: clip(trimmedTopic, TOPIC_MAX) }),
  };
}

/**
 * One tracked event as a batch item of `recordVisitorActivity`, or null when
 * it cannot be one (checked against the contract here, because the server
 * refuses a whole batch for one bad item). Nothing in it names the person:
 * no user id, e-mail, query string or joke text.
 */
export function toActivityItem({ event, occurredAt }: TrackedEvent): VisitorActivityItemBody | null {
  const occurred_at = occurredAt.toISOString();
  let item: VisitorActivityItemBody;
  switch (event.name) {
    case 'page_view':
      item = { name: event.name, occurred_at, path: clip(pathOnly(event.path), PATH_MAX) };
      break;
    case 'generate_joke':
      item = { name: event.name, occurred_at, ...jokeFields(event) };
      break;
    case 'rate_joke':
      item = { name: event.name, occurred_at, ...jokeFields(event), value: event.value };
      break;
    case 'share_joke':
      item = { name: event.name, occurred_at, ...jokeFields(event), platform: event.platform };
      break;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
  return visitorActivityItem.safeParse(item).success ? item : null;
}
