import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { ServerFeaturesService } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_grpc_pb.js';
import serverFeaturesPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_pb.js';
import { StreamsService } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_grpc_pb.js';
import streamsPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb.js';
import { LocalKurrentDbLog, type ExpectedRevision, type LoggedEvent, type ProposedEvent, type ReadFrom } from './local-kurrentdb-log.js';
import {
  appendSuccess,
  appendWrongExpectedVersion,
  batchAppendResponse,
  caughtUpResponse,
  confirmationResponse,
  readEventResponse,
  streamName,
  streamNotFoundResponse,
  toProposedEvent,
} from './local-kurrentdb-messages.js';

type ReadRequest = InstanceType<typeof streamsPb.ReadReq>;
type ReadOptions = InstanceType<typeof streamsPb.ReadReq.Options>;
type AppendRequest = InstanceType<typeof streamsPb.AppendReq>;
type BatchAppendRequest = InstanceType<typeof streamsPb.BatchAppendReq>;

/** The server version this one answers as: the protocol subset below is that of KurrentDB 24.10 and later. */
const SERVER_VERSION = '24.10.0';
const SUPPORTED: readonly [service: string, method: string][] = [
  ['event_store.client.server_features.ServerFeatures', 'GetSupportedMethods'],
  ['event_store.client.streams.Streams', 'Read'],
  ['event_store.client.streams.Streams', 'Append'],
  ['event_store.client.streams.Streams', 'BatchAppend'],
];

/**
 * A local gRPC server that serves the part of KurrentDB's protocol the
 * adapter uses (server features; Streams.Read for streams, $all and $all
 * subscriptions; Streams.Append and Streams.BatchAppend), over an in-memory
 * log with KurrentDB's revision and idempotency rules (`LocalKurrentDbLog`).
 * `stop()` drops every connection as a crashed server would; `start()` again
 * serves the same log on the same port, as a restarted one with its data.
 */
export class LocalKurrentDbServer {
  readonly log: LocalKurrentDbLog;
  private server: grpc.Server | undefined;
  private boundPort = 0;
  private readonly subscriptions = new Set<() => void>();

  constructor(log = new LocalKurrentDbLog()) {
    this.log = log;
  }

  /** Listens on 127.0.0.1 (the port of the previous start, else a free one). */
  async start(): Promise<void> {
    const server = new grpc.Server();
    server.addService(ServerFeaturesService, { getSupportedMethods: (_call: unknown, done: grpc.sendUnaryData<unknown>) => done(null, supportedMethods()) });
    server.addService(StreamsService, {
      read: (call: grpc.ServerWritableStream<ReadRequest, unknown>) => this.read(call),
      append: (call: grpc.ServerReadableStream<AppendRequest, unknown>, done: grpc.sendUnaryData<unknown>) => this.appendCall(call, done),
      batchAppend: (call: grpc.ServerDuplexStream<BatchAppendRequest, unknown>) => this.batchAppend(call),
    });
    this.boundPort = await new Promise<number>((resolve, reject) =>
      server.bindAsync(`127.0.0.1:${this.boundPort}`, grpc.ServerCredentials.createInsecure(), (error, port) => (error ? reject(error) : resolve(port))),
    );
    this.server = server;
  }

  /** Ends every call and connection at once. */
  async stop(): Promise<void> {
    for (const end of [...this.subscriptions]) end();
    this.server?.forceShutdown();
    this.server = undefined;
  }

  get port(): number {
    return this.boundPort;
  }

  /** The connection string of this server (insecure, as `tls=false`). */
  get connectionString(): string {
    return `kurrentdb://127.0.0.1:${this.boundPort}?tls=false`;
  }

  private read(call: grpc.ServerWritableStream<ReadRequest, unknown>): void {
    const options = call.request.getOptions();
    if (!options) {
      call.destroy(new Error('Read without options'));
      return;
    }
    const structuredIds = options.getUuidOption()?.hasStructured() ?? false;
    if (options.hasSubscription()) return this.subscribeToAll(call, options, structuredIds);
    const direction = options.getReadDirection() === streamsPb.ReadReq.Options.ReadDirection.BACKWARDS ? 'backwards' : 'forwards';
    const count = options.hasCount() ? BigInt(options.getCount()) : BigInt(Number.MAX_SAFE_INTEGER);
    if (options.hasStream()) {
      const stream = options.getStream()!;
      const name = streamName(stream.getStreamIdentifier());
      const from: ReadFrom<bigint> = stream.hasRevision() ? BigInt(stream.getRevision()) : stream.hasEnd() ? 'end' : 'start';
      const events = this.log.readStream(name, direction, from, count);
      if (!events) call.write(streamNotFoundResponse(name));
      for (const event of events ?? []) call.write(readEventResponse(event, { structuredIds, withAllPosition: false }));
      call.end();
      return;
    }
    const events = this.log.readAll(direction, allFrom(options), count);
    for (const event of events) call.write(readEventResponse(event, { structuredIds, withAllPosition: true }));
    call.end();
  }

  /** Catch-up, then live: everything after the position, then each write as it happens, until the client cancels. */
  private subscribeToAll(call: grpc.ServerWritableStream<ReadRequest, unknown>, options: ReadOptions, structuredIds: boolean): void {
    if (!options.hasAll()) {
      call.destroy(new Error('Only $all subscriptions are served here'));
      return;
    }
    const send = (event: LoggedEvent) => call.write(readEventResponse(event, { structuredIds, withAllPosition: true }));
    call.write(confirmationResponse(randomUUID()));
    // Registered before catching up, and the log is written synchronously, so nothing falls in between.
    const stopListening = this.log.onWritten((written) => written.forEach(send));
    const end = () => {
      stopListening();
      this.subscriptions.delete(end);
    };
    this.subscriptions.add(end);
    call.on('cancelled', end);
    call.on('close', end);
    for (const event of this.log.after(allFrom(options))) send(event);
    call.write(caughtUpResponse());
  }

  private appendCall(call: grpc.ServerReadableStream<AppendRequest, unknown>, done: grpc.sendUnaryData<unknown>): void {
    let name = '';
    let expected: ExpectedRevision = 'any';
    const events: ProposedEvent[] = [];
    call.on('data', (request: AppendRequest) => {
      if (request.hasOptions()) {
        const options = request.getOptions()!;
        name = streamName(options.getStreamIdentifier());
        expected = options.hasRevision() ? BigInt(options.getRevision()) : options.hasNoStream() ? 'no_stream' : options.hasStreamExists() ? 'stream_exists' : 'any';
      } else if (request.hasProposedMessage()) events.push(toProposedEvent(request.getProposedMessage()!));
    });
    call.on('end', () => {
      const outcome = this.log.append(name, expected, events);
      done(null, outcome.kind === 'wrong_expected_version' ? appendWrongExpectedVersion(outcome.currentRevision, outcome.expected) : appendSuccess(outcome.currentRevision, outcome.position));
    });
  }

  /** One long-lived stream carrying many appends, each told apart by its correlation id and ended by `is_final`. */
  private batchAppend(call: grpc.ServerDuplexStream<BatchAppendRequest, unknown>): void {
    const pending = new Map<string, { name: string; expected: ExpectedRevision; events: ProposedEvent[] }>();
    call.on('data', (request: BatchAppendRequest) => {
      const key = request.getCorrelationId()?.getString() ?? '';
      const options = request.getOptions();
      const batch = pending.get(key) ?? { name: streamName(options?.getStreamIdentifier()), expected: batchExpected(options), events: [] };
      batch.events.push(...request.getProposedMessagesList().map(toProposedEvent));
      pending.set(key, batch);
      if (!request.getIsFinal()) return;
      pending.delete(key);
      const outcome = this.log.append(batch.name, batch.expected, batch.events);
      call.write(
        batchAppendResponse(
          request.getCorrelationId(),
          batch.name,
          outcome.kind === 'wrong_expected_version' ? { wrongExpected: { current: outcome.currentRevision, expected: outcome.expected } } : outcome,
        ),
      );
    });
    call.on('end', () => call.end());
  }
}

function supportedMethods(): InstanceType<typeof serverFeaturesPb.SupportedMethods> {
  const methods = new serverFeaturesPb.SupportedMethods().setEventStoreServerVersion(SERVER_VERSION);
  for (const [service, method] of SUPPORTED) methods.addMethods(new serverFeaturesPb.SupportedMethod().setServiceName(service).setMethodName(method));
  return methods;
}

function allFrom(options: ReadOptions): ReadFrom<bigint> {
  const all = options.getAll();
  if (!all || all.hasStart()) return 'start';
  if (all.hasEnd()) return 'end';
  // Commit and prepare are the same for every event here (see LocalKurrentDbLog).
  return BigInt(all.getPosition()!.getCommitPosition());
}

function batchExpected(options: InstanceType<typeof streamsPb.BatchAppendReq.Options> | undefined): ExpectedRevision {
  if (!options || options.hasAny()) return 'any';
  if (options.hasNoStream()) return 'no_stream';
  if (options.hasStreamExists()) return 'stream_exists';
  return BigInt(options.getStreamPosition());
}
