import { z } from 'zod';
import { defineContract, errorBody, validationErrorBody } from '../contract.js';
import { text } from '../text.schema.js';
import { jokeLength, position } from '../jokes/joke.schema.js';
import { sharePlatform, visitorActivityName } from './engagement.schema.js';

export const VISITOR_ACTIVITY_MAX_ITEMS = 50;
/** A batch's body, in bytes: 50 full items fit with room to spare. */
export const VISITOR_ACTIVITY_MAX_BODY_BYTES = 32 * 1024;

export const visitorActivityItem = z.object({
  name: visitorActivityName,
  /** The browser's clock. Kept if within the 24 hours before the batch arrives, else the arrival time is (never refused). */
  occurred_at: text().datetime({ offset: true }),
  /** Page views: the pathname (the server drops any query or fragment). */
  path: text().max(300).optional(),
  comedian_style: text().max(100).optional(),
  length: jokeLength.optional(),
  topic: text().max(200).optional(),
  platform: sharePlatform.optional(),
  value: z.number().finite().optional(),
});
export type VisitorActivityItemBody = z.input<typeof visitorActivityItem>;

/** One bad item refuses the whole batch (400): a batch is stored whole or not at all. */
export const recordVisitorActivityRequest = z.object({
  visitor_id: text().uuid(),
  events: z.array(visitorActivityItem).min(1).max(VISITOR_ACTIVITY_MAX_ITEMS),
});
export type RecordVisitorActivityRequest = z.input<typeof recordVisitorActivityRequest>;

export const recordVisitorActivityResponse = z.object({ accepted: z.number().int(), position });
export type RecordVisitorActivityResponse = z.infer<typeof recordVisitorActivityResponse>;

/**
 * The browser's analytics batches, sent with fetch(keepalive) and, on page hide,
 * navigator.sendBeacon with an application/json Blob. No session needed, and a
 * session sent along is ignored: no user id is ever stored with the activity.
 */
export const recordVisitorActivity = defineContract({
  name: 'recordVisitorActivity',
  method: 'POST',
  path: '/api/analytics/events',
  side: 'command',
  maxBodyBytes: VISITOR_ACTIVITY_MAX_BODY_BYTES,
  body: recordVisitorActivityRequest,
  response: recordVisitorActivityResponse,
  errors: { 400: validationErrorBody, 413: errorBody },
});
