import type { SharePlatform } from '../joke/joke.events.js';

/** What the browser reports (SPEC section 3's analytics events, and page views). */
export const VISITOR_ACTIVITY_NAMES = ['page_view', 'generate_joke', 'rate_joke', 'share_joke'] as const;
export type VisitorActivityName = (typeof VISITOR_ACTIVITY_NAMES)[number];

/**
 * One thing an anonymous visitor did in the browser. The stream `visitor-{visitorId}`
 * is keyed by a random UUID the browser keeps in localStorage: no user id, e-mail
 * or address is ever stored here, signed in or not, so the stream holds no
 * personal data. Every field stands alone so reports never look anything up.
 */
export type VisitorActivityRecorded = {
  type: 'VisitorActivityRecorded';
  data: {
    visitorId: string;
    name: VisitorActivityName;
    /** ISO 8601, as the browser sent it if within the 24 hours before `receivedAt`, else `receivedAt` (see VISITOR_ACTIVITY_MAX_AGE_MS). */
    occurredAt: string;
    /** ISO 8601, the server's clock. */
    receivedAt: string;
    /** Page views: the pathname only, without query or fragment (they may carry tokens). */
    path: string | null;
    comedianStyle: string | null;
    length: string | null;
    topic: string | null;
    platform: SharePlatform | null;
    /** rate_joke: the rating; otherwise whatever number the browser attached. */
    value: number | null;
  };
};

/** Closed: every consumer's switch must handle each member. */
export type VisitorEvent = VisitorActivityRecorded;

/** Activity is only ever appended: nothing a later command decides on. */
export type VisitorState = { recorded: number };

export function visitorStreamId(visitorId: string): string {
  return `visitor-${visitorId}`;
}

export const initialVisitorState = (): VisitorState => ({ recorded: 0 });

export function evolveVisitor(state: VisitorState, event: VisitorEvent): VisitorState {
  switch (event.type) {
    case 'VisitorActivityRecorded':
      return { recorded: state.recorded + 1 };
    default: {
      // `.type`: while the union has one member, only the discriminant narrows to never.
      const _exhaustive: never = event.type;
      return state;
    }
  }
}
