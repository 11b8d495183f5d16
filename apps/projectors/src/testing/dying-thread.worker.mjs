// A thread program for projector-thread.int.spec.ts: starts, answers each health
// with its thread id, and dies (exit code 1) when asked with `die` in the env.
import { parentPort, threadId, workerData } from 'node:worker_threads';

parentPort.on('message', (message) => {
  if (message.type === 'health') {
    parentPort.postMessage({ type: 'health', id: message.id, report: { ok: true, body: { status: 'ok', thread: threadId } } });
    if (workerData.env.DIE_AFTER_HEALTH === 'true') setTimeout(() => process.exit(1), 10);
  } else {
    parentPort.postMessage({ type: 'stopped' });
    parentPort.close();
  }
});
parentPort.postMessage({ type: 'started' });
