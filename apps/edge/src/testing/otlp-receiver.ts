import { createServer, type Server } from 'node:http';

/** One span as an OTLP/JSON export carries it, with the service that sent it. */
export interface ReceivedSpan {
  service: string;
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  attributes: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  arrayValue?: { values?: OtlpValue[] };
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: { spans?: { name: string; kind: number; traceId: string; spanId: string; parentSpanId?: string; attributes?: OtlpAttribute[] }[] }[];
  }[];
}

const valueOf = (value: OtlpValue): unknown =>
  value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : undefined) ?? value.boolValue ?? value.arrayValue?.values?.map(valueOf);
const attributesOf = (attributes: OtlpAttribute[] = []) => Object.fromEntries(attributes.map((attribute) => [attribute.key, valueOf(attribute.value)]));

/**
 * An OpenTelemetry collector's OTLP/HTTP trace endpoint in the test's own
 * process (`POST /v1/traces`, the JSON encoding: OTEL_EXPORTER_OTLP_PROTOCOL=http/json),
 * keeping every span the product exports.
 */
export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  private server: Server | undefined;
  endpoint = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method !== 'POST' || request.url !== '/v1/traces' || !request.headers['content-type']?.startsWith('application/json')) {
          response.writeHead(415).end();
          return;
        }
        this.keep(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return this;
  }

  /** What points the product's exporters here, flushing every 100 ms rather than every 5 s. */
  env(): Record<string, string> {
    return { OTEL_EXPORTER_OTLP_ENDPOINT: this.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '100' };
  }

  /** The spans of one trace, once `done` says they have all arrived (exports come in batches, per process). */
  async trace(traceId: string, done: (spans: ReceivedSpan[]) => boolean, timeoutMs = 20_000): Promise<ReceivedSpan[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const spans = this.spans.filter((span) => span.traceId === traceId);
      if (done(spans) || Date.now() > deadline) return spans;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private keep(body: OtlpExport): void {
    for (const resourceSpans of body.resourceSpans ?? []) {
      const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
      for (const scope of resourceSpans.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) {
          this.spans.push({
            service,
            name: span.name,
            kind: span.kind,
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId ?? '',
            attributes: attributesOf(span.attributes),
          });
        }
      }
    }
  }
}
