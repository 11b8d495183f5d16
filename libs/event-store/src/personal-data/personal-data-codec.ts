import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../port/types.js';
import { openFields, SEALED_FIELD, sealFields, type SealedFields } from './personal-data-cipher.js';
import type { PersonalDataKeys, Queryable } from './personal-data-keys.js';
import { sealingKeyOf, type PersonalDataPolicy } from './personal-data-policy.js';

type Data = Record<string, unknown>;

interface Readable {
  type: string;
  eventId: string;
  data: unknown;
}

function isRecord(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function sealedOf(data: unknown): SealedFields | undefined {
  const sealed = isRecord(data) ? data[SEALED_FIELD] : undefined;
  return isRecord(sealed) && sealed.v === 1 && typeof sealed.subject === 'string' && typeof sealed.box === 'string' ? (sealed as unknown as SealedFields) : undefined;
}

/**
 * Applies the policy to events: `seal` moves an event's personal fields into
 * `$personal`, encrypted with its subject's key (or the subject's key of the
 * rule's own kind, see `PersonalFieldsRule.key`); `open` puts them back, or
 * the policy's erased values where the key is gone. Everything else in the event
 * is left exactly as it was.
 */
export class PersonalDataCodec {
  constructor(
    readonly policy: PersonalDataPolicy,
    readonly keys: PersonalDataKeys,
  ) {}

  /** Whether this event, as written, still holds personal fields in plain (an event stored before this layer). */
  holdsPlain(event: { type: string; data: unknown }): boolean {
    const rule = this.policy[event.type];
    return !!rule && isRecord(event.data) && !sealedOf(event.data) && Object.keys(rule.erased).some((field) => field in (event.data as Data));
  }

  /** Gives each event an id (the seal is bound to it) and seals the personal fields of those the policy names. */
  async seal(events: readonly NewEvent[], db?: Queryable): Promise<NewEvent[]> {
    return Promise.all(
      events.map(async (event) => {
        if (!this.holdsPlain(event)) return event;
        const eventId = event.eventId ?? randomUUID();
        return { ...event, eventId, data: await this.sealData({ type: event.type, eventId, data: event.data }, db) };
      }),
    );
  }

  async sealData(event: Readable, db?: Queryable): Promise<Data> {
    const rule = this.policy[event.type]!;
    const data = event.data as Data;
    const subject = data[rule.subject];
    if (typeof subject !== 'string' || subject === '') throw new Error(`${event.type} has personal fields but no ${rule.subject} to seal them with`);
    const personal: Data = {};
    const rest: Data = {};
    for (const [field, value] of Object.entries(data)) (field in rule.erased ? personal : rest)[field] = value;
    const key = await this.keys.forWriting(sealingKeyOf(rule, subject), db);
    return { ...rest, [SEALED_FIELD]: sealFields(key, event, personal) };
  }

  /** The events with their personal fields back (or erased), in the same order; events without a seal are returned as they are. */
  async open<E extends Readable>(events: readonly E[], db?: Queryable): Promise<E[]> {
    const subjects = events.flatMap((event) => sealedOf(event.data)?.subject ?? []);
    if (subjects.length === 0) return events as E[];
    const keys = await this.keys.forReading(subjects, db);
    return events.map((event) => {
      const sealed = sealedOf(event.data);
      if (!sealed) return event;
      const { [SEALED_FIELD]: _sealed, ...rest } = event.data as Data;
      const key = keys.get(sealed.subject);
      const personal = key ? openFields(key, event, sealed) : (this.policy[event.type]?.erased ?? {});
      return { ...event, data: { ...rest, ...personal } };
    });
  }
}
