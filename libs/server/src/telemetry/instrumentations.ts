import { IncomingMessage } from 'node:http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { httpRoute, isHealthCheck } from './http-route.js';

// Query parameters that may carry a secret or a person (verify links, support
// look-ups by e-mail): redacted from url.query / url.full, with the defaults kept.
const REDACTED_QUERY_PARAMS = ['sig', 'Signature', 'AWSAccessKeyId', 'X-Goog-Signature', 'token', 'token_hash', 'code', 'email', 'access_token', 'refresh_token', 'redirect_to'];

/**
 * HTTP in and out (node:http, fetch) and PostgreSQL. Only requests start
 * traces: outgoing calls and queries are recorded inside one (the projectors'
 * polling, the billing clock's timers and health probes would otherwise each
 * be a trace of their own), and SQL is recorded without its parameter values.
 */
export function productInstrumentations() {
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => isHealthCheck(request.url),
      requireParentforOutgoingSpans: true,
      redactedQueryParams: REDACTED_QUERY_PARAMS,
      redactedQueryParamsServer: REDACTED_QUERY_PARAMS,
      requestHook: (span, request) => {
        // Server spans only: a client span is named after the call it makes.
        if (!(request instanceof IncomingMessage)) return;
        const route = httpRoute(request.method, request.url);
        if (!route) return;
        span.setAttribute('http.route', route);
        span.updateName(`${request.method ?? 'GET'} ${route}`);
      },
    }),
    new UndiciInstrumentation({ requireParentforSpans: true }),
    new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
  ];
}
