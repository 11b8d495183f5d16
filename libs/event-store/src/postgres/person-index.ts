import type { PersonIndex } from '../port/event-store.port.js';
import type { StoredEvent } from '../port/types.js';

/** Whether the event's field in `index` names the person: the rule of `EventStore.readByPerson`, for stores that filter as they read. */
export function namesPerson(event: Pick<StoredEvent, 'type' | 'data'>, personId: string, index: PersonIndex): boolean {
  const field = Object.hasOwn(index, event.type) ? index[event.type] : undefined;
  return field !== undefined && typeof event.data === 'object' && event.data !== null && (event.data as Record<string, unknown>)[field] === personId;
}

/** The index's event types grouped by the field that names the person in them. */
export function typesByField(index: PersonIndex): Map<string, string[]> {
  const byField = new Map<string, string[]>();
  for (const [type, field] of Object.entries(index)) byField.set(field, [...(byField.get(field) ?? []), type]);
  return byField;
}
