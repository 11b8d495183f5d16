import type { SharePlatform } from '../joke/joke.events.js';
import { evolveVisitor, initialVisitorState, type VisitorActivityName, type VisitorEvent, type VisitorState } from './visitor.events.js';

/** One item of a batch, as the contract parsed it (all optional fields already null when absent). */
export interface VisitorActivityItem {
  name: VisitorActivityName;
  /** ISO 8601, the browser's clock. */
  occurredAt: string;
  path: string | null;
  comedianStyle: string | null;
  length: string | null;
  topic: string | null;
  platform: SharePlatform | null;
  value: number | null;
}

export type RecordVisitorActivity = {
  type: 'RecordVisitorActivity';
  data: { visitorId: string; items: readonly VisitorActivityItem[] };
};

export type VisitorCommand = RecordVisitorActivity;

export interface VisitorContexts {
  /** `now` is when the batch arrived. */
  RecordVisitorActivity: { now: Date };
}
export type VisitorContext = VisitorContexts[VisitorCommand['type']];

/** The pathname alone: a query or fragment may carry a token or an e-mail address. */
function pathnameOnly(path: string | null): string | null {
  if (path === null) return null;
  const cut = path.search(/[?#]/);
  return cut === -1 ? path : path.slice(0, cut);
}

/**
 * How far before its arrival an item may be dated: a page left open offline
 * overnight still reports when things happened, while nobody can add
 * activity to a day whose figures an analyst has already read.
 */
export const VISITOR_ACTIVITY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The time an item is counted at: as the browser dated it when that lies in
 * the 24 hours before the batch arrived, else the arrival. Clamped rather
 * than refused: a batch is all or nothing, and a browser whose clock is off
 * (or that queued items longer) should still be counted, on the day they
 * arrived; a forger gains nothing over sending them today. A fast clock
 * (or any skew) into the future is clamped the same way.
 */
function countedAt(occurredAt: string, receivedAt: Date): string {
  const time = Date.parse(occurredAt);
  const arrived = receivedAt.getTime();
  const withinWindow = time <= arrived && time >= arrived - VISITOR_ACTIVITY_MAX_AGE_MS;
  return withinWindow ? new Date(time).toISOString() : receivedAt.toISOString();
}

function recordVisitorActivity({ data }: RecordVisitorActivity, { now }: VisitorContexts['RecordVisitorActivity']): VisitorEvent[] {
  const receivedAt = now.toISOString();
  return data.items.map((item) => ({
    type: 'VisitorActivityRecorded',
    data: {
      visitorId: data.visitorId,
      name: item.name,
      occurredAt: countedAt(item.occurredAt, now),
      receivedAt,
      path: pathnameOnly(item.path),
      comedianStyle: item.comedianStyle,
      length: item.length,
      topic: item.topic,
      platform: item.platform,
      value: item.value,
    },
  }));
}

/** The `visitor-{visitorId}` stream's rules: every batch is recorded as sent, one event per item. */
export const visitorDecider = {
  decide(command: VisitorCommand, _state: VisitorState, context: VisitorContext): VisitorEvent[] {
    switch (command.type) {
      case 'RecordVisitorActivity':
        return recordVisitorActivity(command, context);
      default: {
        // `.type`: while the union has one member, only the discriminant narrows to never.
        const _exhaustive: never = command.type;
        throw new Error(`Unknown command: ${JSON.stringify(command)}`);
      }
    }
  },
  evolve: evolveVisitor,
  initialState: initialVisitorState,
};
