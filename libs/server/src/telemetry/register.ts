// The entry point of tracing: `node --import <this file> apps/<name>/dist/main.js`
// (tools/start.ts and infra/Dockerfile start every process so). It must run
// before the application's modules load: in ES modules, `import { request }
// from 'node:http'` and `import pg from 'pg'` bind what they find at load time,
// so http and pg can only be instrumented by the loader hook registered here.
// Without an OTLP endpoint it loads nothing else and patches nothing.
import { register } from 'node:module';
import { telemetryConfigFromEnv } from './telemetry.config.js';

const config = telemetryConfigFromEnv(process.env, process.argv[1]);
if (config) {
  // import-in-the-middle is the loader hook of @opentelemetry/instrumentation (both pinned).
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  // Only the modules an instrumentation asks for (http, pg, ...) go through the
  // hook; every other module loads as it would without tracing.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, registerOptions);
  const { startTelemetry } = await import('./start-telemetry.js');
  startTelemetry(config);
  // The loader runs on its own thread: the application may load only once it knows what to wrap.
  await waitForAllMessagesAcknowledged();
}
