import { PROBE_TIMEOUT_MS, type HealthReport } from '@jokes/server/core';

export type DatabaseState = 'ok' | 'unreachable' | 'unknown';

export interface EdgeHealth {
  /** `degraded`: the processes run but the database (or KurrentDB) does not answer; `starting`: a process is not ready. */
  status: 'ok' | 'starting' | 'degraded';
  /** One entry per process behind the edge, plus `database` (and `eventStore`, KurrentDB where used) as those processes see it. */
  services: Record<string, string>;
  /** The paid providers' hourly budgets (used, ceiling, freeLimit, resetsAt) as the command API counts them. */
  spend?: Record<string, unknown>;
  /** Support's queue of reported jokes, as the query API counts it (removal is promised within 48 hours). */
  reports?: ReportQueueFigures;
}

interface ReportQueueFigures {
  open: number;
  olderThan24h: number;
  oldestAgeSeconds: number | null;
}

interface ProcessHealth {
  state: string;
  database?: DatabaseState;
  /** KurrentDB, from the processes that keep the events there (EVENTSTORE_URL). */
  eventStore?: 'ok' | 'unreachable';
  /** The command API's mail outbox: 'failing' while mail cannot go out (it waits and is retried). */
  mail?: 'ok' | 'failing';
  /** The command API's spend ceiling, passed on as it is: every instance reads the same shared counters. */
  spend?: Record<string, unknown>;
  reports?: ReportQueueFigures;
}

/**
 * Asks every process for its health. The processes, not the edge, talk to
 * PostgreSQL, so the database's state is what they report: unreachable if any
 * of them cannot reach it, unknown if none of them answered.
 */
/** A process's health endpoint, or a part in this process asked directly (the product's targets). */
export type HealthSource = URL | (() => Promise<HealthReport>);

export async function checkHealth(targets: Record<string, HealthSource>): Promise<EdgeHealth> {
  const entries = await Promise.all(Object.entries(targets).map(async ([name, url]) => [name, await probe(url)] as const));
  const reported = entries.map(([, health]) => health.database).filter((state) => state !== undefined);
  const database: DatabaseState =
    reported.length === 0 ? 'unknown' : reported.includes('unreachable') ? 'unreachable' : 'ok';
  const services: Record<string, string> = Object.fromEntries(entries.map(([name, health]) => [name, health.state]));
  services.database = database;
  const eventStores = entries.map(([, health]) => health.eventStore).filter((state) => state !== undefined);
  const eventStoreDown = eventStores.includes('unreachable');
  if (eventStores.length > 0) services.eventStore = eventStoreDown ? 'unreachable' : 'ok';
  // Mail that cannot go out is queued and retried: worth showing, not a reason to refuse traffic.
  const mail = entries.map(([, health]) => health.mail).filter((state) => state !== undefined);
  if (mail.length > 0) services.mail = mail.includes('failing') ? 'failing' : 'ok';
  const ready = database === 'ok' && entries.every(([, health]) => health.state === 'ok');
  const spend = entries.map(([, health]) => health.spend).find((state) => state !== undefined);
  const reports = entries.map(([, health]) => health.reports).find((figures) => figures !== undefined);
  return { status: ready ? 'ok' : database === 'unreachable' || eventStoreDown ? 'degraded' : 'starting', services, ...(spend ? { spend } : {}), ...(reports ? { reports } : {}) };
}

/** A part's report, over HTTP or in this process; a part that does not answer in time is unreachable. */
async function report(source: HealthSource): Promise<{ ok: boolean; status: number; body: unknown }> {
  if (!(source instanceof URL)) {
    const reported = await Promise.race([source(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS).unref())]);
    return { ok: reported.ok, status: reported.ok ? 200 : 503, body: reported.body };
  }
  const answer = await fetch(source, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  return { ok: answer.ok, status: answer.status, body: await answer.json().catch(() => ({})) };
}

async function probe(source: HealthSource): Promise<ProcessHealth> {
  try {
    const answer = await report(source);
    const body = (answer.body ?? {}) as { database?: unknown; eventStore?: unknown; mail?: { status?: unknown }; spend?: unknown; reports?: unknown };
    const database = body.database === 'ok' || body.database === 'unreachable' ? body.database : undefined;
    const eventStore = body.eventStore === 'ok' || body.eventStore === 'unreachable' ? body.eventStore : undefined;
    const mail = body.mail?.status === 'ok' || body.mail?.status === 'failing' ? body.mail.status : undefined;
    const spend = typeof body.spend === 'object' && body.spend !== null ? (body.spend as Record<string, unknown>) : undefined;
    if (answer.ok) return { state: 'ok', database, eventStore, mail, spend, reports: reportFigures(body.reports) };
    const waitingFor = database === 'unreachable' ? 'the database' : eventStore === 'unreachable' ? 'the event store' : undefined;
    return { state: waitingFor ? `waiting for ${waitingFor}` : `status ${answer.status}`, database, eventStore };
  } catch {
    return { state: 'unreachable' };
  }
}

/** The query API's report figures, taken only in their exact shape (a process's answer is not trusted blindly). */
function reportFigures(value: unknown): ReportQueueFigures | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { open, olderThan24h, oldestAgeSeconds } = value as Record<string, unknown>;
  const count = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;
  if (!count(open) || !count(olderThan24h) || !(oldestAgeSeconds === null || count(oldestAgeSeconds))) return undefined;
  return { open, olderThan24h, oldestAgeSeconds };
}
