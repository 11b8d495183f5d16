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

/** Never after the batch arrived, so a browser with a fast clock cannot date activity into the future. */
function clamp(occurredAt: string, receivedAt: Date): string {
  const time = Date.parse(occurredAt);
  return Number.isNaN(time) || time > receivedAt.getTime() ? receivedAt.toISOString() : new Date(time).toISOString();
}

function recordVisitorActivity({ data }: RecordVisitorActivity, { now }: VisitorContexts['RecordVisitorActivity']): VisitorEvent[] {
  const receivedAt = now.toISOString();
  return data.items.map((item) => ({
    type: 'VisitorActivityRecorded',
    data: {
      visitorId: data.visitorId,
      name: item.name,
      occurredAt: clamp(item.occurredAt, now),
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
