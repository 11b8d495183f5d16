// A thread program for projector-thread.int.spec.ts: starts, answers a health
// with its thread id, and then dies (exit code 1), as a thread that crashed.
import { parentPort, threadId } from 'node:worker_threads';

parentPort.on('message', (message) => {
  if (message.type === 'health') {
    parentPort.postMessage({ type: 'health', id: message.id, report: { ok: true, body: { status: 'ok', thread: threadId } } });
    setTimeout(() => process.exit(1), 10);
  } else {
    parentPort.close();
  }
});
parentPort.postMessage({ type: 'started' });
