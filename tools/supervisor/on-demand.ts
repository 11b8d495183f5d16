// A port that starts its process on the first connection (socket activation, as
// systemd does it): the supervisor listens where the process would, starts it on
// a port of its own when someone first connects, and relays every connection to
// it from then on. For the local payment provider, which many runs never call.
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface OnDemand {
  server: Server;
  /** Starts the process now (it had state to keep running), if it has not started. */
  startNow(): Promise<void>;
}

/**
 * Listens on `host:port`; the first connection (or `startNow`) calls `start`,
 * then waits until the process accepts on `target`. A connection that cannot be
 * relayed (the process is down or restarting) is closed, as a refused one would be.
 */
export function onDemandPort(host: string, port: number, target: number, start: () => void): Promise<OnDemand> {
  let started: Promise<void> | undefined;
  const startNow = () => (started ??= (start(), untilAccepting(target)));
  // Half-open both ways: a client that has sent all it will still reads the whole answer.
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    socket.pause();
    socket.on('error', () => socket.destroy());
    void startNow().then(
      () => relay(socket, target),
      () => socket.destroy(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve({ server, startNow }));
  });
}

function relay(socket: Socket, target: number): void {
  const upstream = connect({ port: target, host: '127.0.0.1', allowHalfOpen: true });
  upstream.on('error', () => socket.destroy());
  socket.on('close', () => upstream.destroy());
  upstream.on('close', () => socket.destroy());
  socket.pipe(upstream).pipe(socket);
  socket.resume();
}

async function untilAccepting(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const accepted = await new Promise<boolean>((resolve) => {
      const probe = connect(port, '127.0.0.1', () => {
        probe.destroy();
        resolve(true);
      });
      probe.on('error', () => resolve(false));
    });
    if (accepted) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing accepted on port ${port} within ${timeoutMs} ms`);
}
