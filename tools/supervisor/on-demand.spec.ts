import { afterEach, describe, expect, it } from '@jest/globals';
import { connect, createServer, type Server } from 'node:net';
import { freePort } from '../postgres.ts';
import { onDemandPort, type OnDemand } from './on-demand.ts';

// The "process" here is an echo server started in the same process when asked.
const open: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function echoStarter(port: number): { start: () => void; starts: () => number } {
  let starts = 0;
  return {
    start: () => {
      starts++;
      const echo = createServer((socket) => socket.pipe(socket));
      open.push(echo);
      setTimeout(() => echo.listen(port, '127.0.0.1'), 100); // a process takes a while to listen
    },
    starts: () => starts,
  };
}

function roundTrip(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

async function listening(): Promise<{ onDemand: OnDemand; port: number; starts: () => number }> {
  const [port, target] = [await freePort(), await freePort()];
  const starter = echoStarter(target);
  const onDemand = await onDemandPort('127.0.0.1', port, target, starter.start);
  open.push(onDemand.server);
  return { onDemand, port, starts: starter.starts };
}

describe('a port that starts its process on demand', () => {
  it('starts nothing until the first connection, then relays it and every later one to the one process it started', async () => {
    const { port, starts } = await listening();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(starts()).toBe(0);
    expect(await Promise.all([roundTrip(port, 'first'), roundTrip(port, 'second')])).toEqual(['first', 'second']);
    expect(await roundTrip(port, 'third')).toBe('third');
    expect(starts()).toBe(1);
  });

  it('starts the process at once when asked to (it has state to keep running), once', async () => {
    const { onDemand, port, starts } = await listening();
    await onDemand.startNow();
    await onDemand.startNow();
    expect(starts()).toBe(1);
    expect(await roundTrip(port, 'hello')).toBe('hello');
  });
});
