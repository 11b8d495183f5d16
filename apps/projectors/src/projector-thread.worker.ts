// The projections' thread (see ProjectorThread): the projectors' ProjectorHost
// with the product's environment, answering health and stop from the thread
// that started it.
import { isMainThread, parentPort, threadId } from 'node:worker_threads';
import type { FromProjectorThread, ToProjectorThread } from './projector-thread.js';
import { createProjectorHost } from './projectors-process.js';

if (isMainThread || !parentPort) throw new Error('projector-thread.worker runs only as a worker thread (see ProjectorThread)');
const port = parentPort;
const send = (message: FromProjectorThread) => port.postMessage(message);

const host = await createProjectorHost(process.env, undefined);
port.on('message', (message: ToProjectorThread) => {
  if (message.type === 'health') {
    // The thread's id says where the projections run (never 0, the thread that serves the requests).
    void host.health().then(({ ok, body }) => send({ type: 'health', id: message.id, report: { ok, body: { ...body, thread: threadId } } }));
  } else {
    // Every projection finishes its batch and the pools end; with the port closed nothing keeps the thread, and it exits.
    void host.stop().then(() => port.close());
  }
});
await host.start();
send({ type: 'started' });
