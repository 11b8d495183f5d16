// npm run replay -- <projection>: rebuilds one read model from position zero
// while the product keeps serving the old one, then swaps it in.
import { openKeptEvents, rebuildProjection } from '@jokes/event-store';
import { createPool, requireEnv } from '@jokes/server/core';
import { findProjection, projections } from './projections/index.js';

const name = process.argv[2];
const projection = name ? findProjection(name) : undefined;
if (!projection) {
  process.stderr.write(`Usage: npm run replay -- <projection>\nProjections: ${projections.map((p) => p.name).join(', ')}\n`);
  process.exit(2);
}

const pool = createPool(requireEnv(process.env, 'DATABASE_URL'), 'replay', 4);
// Read models and checkpoints in PostgreSQL; the events from KurrentDB where EVENTSTORE_URL names one, as the projectors read them.
const { postgres, kurrent: events, close } = await openKeptEvents(process.env.EVENTSTORE_URL, pool, { notify: false });
const store = postgres!;
await store.migrate();
const started = performance.now();
let lastDraw = 0;
const { processed } = await rebuildProjection(store, projection, {
  events,
  onProgress: ({ processed: done, position, head }) => {
    const now = performance.now();
    if (now - lastDraw < 100) return;
    lastDraw = now;
    const total = Number(head.globalPosition);
    const percent = total > 0 ? Math.min(100, (Number(position.globalPosition) / total) * 100) : 100;
    const rate = Math.round(done / ((now - started) / 1000));
    process.stderr.write(`\r${projection.name}: ${done} events  ${percent.toFixed(1)}%  ${rate}/s   `);
  },
});
const seconds = (performance.now() - started) / 1000;
process.stderr.write(`\r${projection.name}: rebuilt from ${processed} events in ${seconds.toFixed(2)} s (${Math.round(processed / Math.max(seconds, 0.001))} events/s)\n`);
await close();
await pool.end();
