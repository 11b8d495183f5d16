import { afterEach, describe, expect, it } from '@jest/globals';
import pg from 'pg';
// The supervisor lives in tools/, outside every project, on purpose: it is what `npm start` runs.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { RAISED_RATE_LIMITS, startStack, type RunningStack } from '../../../tools/stack.ts';

// kill -9 of the process that takes commands, under load, in both forms of
// `npm start`: target all (the one product process) and the split processes
// (the command API). Every joke the product answered 200 for is in the event
// store afterwards, and the supervisor brings the process back on its own.
let stack: RunningStack | undefined;
afterEach(async () => {
  await stack?.stop();
  stack = undefined;
}, 60_000);

const body = JSON.stringify({ comedian_style: 'Jerry Seinfeld', length: 'short', topic: 'airports' });

const forms: { form: string; env: Record<string, string>; process: string }[] = [
  { form: 'target all', env: {}, process: 'product' },
  { form: 'the split processes', env: { START_SPLIT: 'true' }, process: 'command-api' },
];

describe.each(forms)('kill -9 of the $process process under load ($form)', ({ env, process: name }) => {
  it('loses no joke it answered for, answers no 500, and is back on its own', async () => {
    stack = await startStack({ env: { ...RAISED_RATE_LIMITS, ...env } });
    const running = stack;
    const accepted: string[] = [];
    const statuses = new Map<number, number>();
    let stop = false;
    const client = async () => {
      while (!stop) {
        const answer = await fetch(`${running.baseUrl}/api/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).catch(() => undefined);
        const status = answer?.status ?? 0;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (answer?.status === 200) accepted.push(((await answer.json()) as { id: string }).id);
        else await answer?.text();
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const clients = Array.from({ length: 4 }, client);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const pid = Number([...running.output().matchAll(new RegExp(`\\[start\\] ${name} started \\(pid (\\d+)\\)`, 'g'))].at(-1)![1]);
    const beforeKill = accepted.length;
    process.kill(pid, 'SIGKILL');
    // Until the restarted process has answered for more jokes.
    const deadline = Date.now() + 60_000;
    while (accepted.length < beforeKill + 20 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    stop = true;
    await Promise.all(clients);

    expect(running.output()).toContain(`${name} exited (SIGKILL); restarting`);
    expect(accepted.length).toBeGreaterThanOrEqual(beforeKill + 20);
    // Refused while it was down (the edge's 503, or a refused connection in target all), never a 500.
    expect([...statuses.keys()].filter((status) => status >= 500 && status !== 503)).toEqual([]);
    const db = new pg.Client({ connectionString: running.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ stream_id: string }>('SELECT DISTINCT stream_id FROM events WHERE stream_id = ANY($1)', [accepted.map((id) => `joke-${id}`)]);
      expect(rows.length).toBe(new Set(accepted).size);
    } finally {
      await db.end();
    }
  }, 180_000);
});
