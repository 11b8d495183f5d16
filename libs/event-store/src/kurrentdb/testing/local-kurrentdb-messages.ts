import sharedPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb.js';
import statusPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/status_pb.js';
import streamsPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb.js';
import type { ExpectedRevision, LoggedEvent, ProposedEvent } from './local-kurrentdb-log.js';

/**
 * Protocol messages of the local KurrentDB server, built with the protobuf
 * classes the client ships (its generated `*_pb.js`), so both sides speak the
 * wire format of `event_store.client.streams` byte for byte.
 */

type UUIDMessage = InstanceType<typeof sharedPb.UUID>;
type ProposedMessage = InstanceType<typeof streamsPb.AppendReq.ProposedMessage> | InstanceType<typeof streamsPb.BatchAppendReq.ProposedMessage>;

/** gRPC status FAILED_PRECONDITION, which KurrentDB answers a batch append's wrong expected version with. */
const FAILED_PRECONDITION = 9;
const U64_MASK = (1n << 64n) - 1n;

export function uuidToString(uuid: UUIDMessage | undefined): string {
  if (!uuid) return '';
  if (!uuid.hasStructured()) return uuid.getString();
  const structured = uuid.getStructured()!;
  const hex = (bits: string) => (BigInt(bits) & U64_MASK).toString(16).padStart(16, '0');
  const most = hex(structured.getMostSignificantBits());
  const least = hex(structured.getLeastSignificantBits());
  return `${most.slice(0, 8)}-${most.slice(8, 12)}-${most.slice(12)}-${least.slice(0, 4)}-${least.slice(4)}`;
}

function uuidMessage(id: string, structured: boolean): UUIDMessage {
  const uuid = new sharedPb.UUID();
  if (!structured) return uuid.setString(id);
  const hex = id.replaceAll('-', '');
  const signed = (part: string) => BigInt.asIntN(64, BigInt(`0x${part}`)).toString();
  return uuid.setStructured(new sharedPb.UUID.Structured().setMostSignificantBits(signed(hex.slice(0, 16))).setLeastSignificantBits(signed(hex.slice(16))));
}

export function streamName(identifier: InstanceType<typeof sharedPb.StreamIdentifier> | undefined): string {
  return Buffer.from(identifier?.getStreamName_asU8() ?? new Uint8Array()).toString('utf8');
}

function streamIdentifier(name: string): InstanceType<typeof sharedPb.StreamIdentifier> {
  return new sharedPb.StreamIdentifier().setStreamName(Buffer.from(name, 'utf8'));
}

export function toProposedEvent(message: ProposedMessage): ProposedEvent {
  const metadata = message.getMetadataMap();
  return {
    eventId: uuidToString(message.getId()),
    type: metadata.get('type') ?? '',
    contentType: metadata.get('content-type') ?? 'application/octet-stream',
    data: message.getData_asU8(),
    metadata: message.getCustomMetadata_asU8(),
  };
}

/** One event as a read or a subscription sends it; `withAllPosition` for $all (a stream read leaves the outer position out). */
export function readEventResponse(event: LoggedEvent, options: { structuredIds: boolean; withAllPosition: boolean }): InstanceType<typeof streamsPb.ReadResp> {
  const recorded = new streamsPb.ReadResp.ReadEvent.RecordedEvent()
    .setId(uuidMessage(event.eventId, options.structuredIds))
    .setStreamIdentifier(streamIdentifier(event.streamId))
    .setStreamRevision(event.revision.toString())
    .setPreparePosition(event.position.toString())
    .setCommitPosition(event.position.toString())
    .setCustomMetadata(event.metadata)
    .setData(event.data);
  recorded.getMetadataMap().set('type', event.type).set('content-type', event.contentType).set('created', event.createdTicks.toString());
  const read = new streamsPb.ReadResp.ReadEvent().setEvent(recorded);
  if (options.withAllPosition) read.setCommitPosition(event.position.toString());
  else read.setNoPosition(new sharedPb.Empty());
  return new streamsPb.ReadResp().setEvent(read);
}

export function streamNotFoundResponse(name: string): InstanceType<typeof streamsPb.ReadResp> {
  return new streamsPb.ReadResp().setStreamNotFound(new streamsPb.ReadResp.StreamNotFound().setStreamIdentifier(streamIdentifier(name)));
}

export function confirmationResponse(subscriptionId: string): InstanceType<typeof streamsPb.ReadResp> {
  return new streamsPb.ReadResp().setConfirmation(new streamsPb.ReadResp.SubscriptionConfirmation().setSubscriptionId(subscriptionId));
}

export function caughtUpResponse(): InstanceType<typeof streamsPb.ReadResp> {
  return new streamsPb.ReadResp().setCaughtUp(new streamsPb.ReadResp.CaughtUp());
}

/** Wrong expected version as the v1 `Append` call answers it. */
export function appendWrongExpectedVersion(current: bigint | undefined, expected: ExpectedRevision): InstanceType<typeof streamsPb.AppendResp> {
  const wrong = new streamsPb.AppendResp.WrongExpectedVersion();
  if (current === undefined) wrong.setCurrentNoStream(new sharedPb.Empty());
  else wrong.setCurrentRevision(current.toString());
  if (expected === 'any') wrong.setExpectedAny(new sharedPb.Empty());
  else if (expected === 'no_stream') wrong.setExpectedNoStream(new sharedPb.Empty());
  else if (expected === 'stream_exists') wrong.setExpectedStreamExists(new sharedPb.Empty());
  else wrong.setExpectedRevision(expected.toString());
  return new streamsPb.AppendResp().setWrongExpectedVersion(wrong);
}

export function appendSuccess(currentRevision: bigint, position: bigint): InstanceType<typeof streamsPb.AppendResp> {
  const at = new streamsPb.AppendResp.Position().setCommitPosition(position.toString()).setPreparePosition(position.toString());
  return new streamsPb.AppendResp().setSuccess(new streamsPb.AppendResp.Success().setCurrentRevision(currentRevision.toString()).setPosition(at));
}

/** A batch append's answer for one correlation id: success, or a google.rpc.Status carrying `event_store.client.WrongExpectedVersion`. */
export function batchAppendResponse(
  correlationId: UUIDMessage | undefined,
  name: string,
  outcome: { currentRevision: bigint; position: bigint } | { wrongExpected: { current: bigint | undefined; expected: ExpectedRevision } },
): InstanceType<typeof streamsPb.BatchAppendResp> {
  const response = new streamsPb.BatchAppendResp().setCorrelationId(correlationId).setStreamIdentifier(streamIdentifier(name));
  if ('currentRevision' in outcome) {
    const at = new sharedPb.AllStreamPosition().setCommitPosition(outcome.position.toString()).setPreparePosition(outcome.position.toString());
    return response.setSuccess(new streamsPb.BatchAppendResp.Success().setCurrentRevision(outcome.currentRevision.toString()).setPosition(at));
  }
  const { current, expected } = outcome.wrongExpected;
  // google.protobuf.Empty and event_store.client.Empty are both empty messages: one encodes as the other.
  const empty = () => new sharedPb.Empty() as never;
  const details = new sharedPb.WrongExpectedVersion();
  if (current === undefined) details.setCurrentNoStream(empty());
  else details.setCurrentStreamRevision(current.toString());
  if (expected === 'any') details.setExpectedAny(empty());
  else if (expected === 'no_stream') details.setExpectedNoStream(empty());
  else if (expected === 'stream_exists') details.setExpectedStreamExists(empty());
  else details.setExpectedStreamPosition(expected.toString());
  return response.setError(statusPb.Status.deserializeBinary(status(FAILED_PRECONDITION, 'Wrong expected version.', 'event_store.client.WrongExpectedVersion', details.serializeBinary())));
}

/**
 * A google.rpc.Status with one packed detail, encoded by hand (code = 1,
 * message = 2, details = 3 as google.protobuf.Any { type_url = 1, value = 2 }):
 * google-protobuf's `Any` belongs to the client's dependencies, not ours.
 */
function status(code: number, message: string, typeName: string, detail: Uint8Array): Uint8Array {
  const field = (number: number, bytes: Uint8Array) => Buffer.concat([Buffer.from([(number << 3) | 2]), varint(bytes.length), bytes]);
  const any = Buffer.concat([field(1, Buffer.from(`type.googleapis.com/${typeName}`)), field(2, detail)]);
  return Buffer.concat([Buffer.from([1 << 3]), varint(code), field(2, Buffer.from(message)), field(3, any)]);
}

function varint(value: number): Buffer {
  const bytes: number[] = [];
  for (let rest = value; ; rest >>>= 7) {
    if (rest < 0x80) return Buffer.from([...bytes, rest]);
    bytes.push((rest & 0x7f) | 0x80);
  }
}
