import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that speaks OpenAI's chat-completions and moderations wire
 * protocols, so the real SDK is exercised end to end: serialisation, retries,
 * timeouts, parsing. Moderation flags nothing unless told to.
 */
export type Reply = (response: ServerResponse) => void;

export interface ReceivedCompletion {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    response_format: { type: string; json_schema: { name: string; strict: boolean; schema: { properties: Record<string, unknown> } } };
    max_tokens?: number;
  };
}

export interface ReceivedModeration {
  headers: IncomingMessage['headers'];
  body: { model: string; input: string };
}

export interface OpenAiCompatibleServer {
  /** `http://127.0.0.1:{port}/v1`, as OPENAI_BASE_URL. */
  baseURL: string;
  /** Every chat-completions request, in order. */
  received: ReceivedCompletion[];
  /** How the next requests are answered. */
  reply: Reply;
  /** Every moderation request, in order. */
  moderations: ReceivedModeration[];
  /** The input of every moderation request, in order. */
  readonly moderated: string[];
  /** How the next moderation requests are answered: by default, nothing flagged. */
  moderate: (input: string) => Reply;
  close(): Promise<void>;
}

export const completion = (content: string) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
  usage: { prompt_tokens: 50, completion_tokens: 40, total_tokens: 90 },
});

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Reply =>
  (response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

export const answer = (content: string): Reply => json(200, completion(content));

export const MODERATION_CATEGORIES = [
  'harassment', 'harassment/threatening', 'hate', 'hate/threatening', 'illicit', 'illicit/violent', 'self-harm', 'self-harm/instructions',
  'self-harm/intent', 'sexual', 'sexual/minors', 'violence', 'violence/graphic',
] as const;
export type ModerationCategory = (typeof MODERATION_CATEGORIES)[number];

/** A moderation answer flagging these of OpenAI's categories (none: allowed). */
export const flags =
  (...flagged: ModerationCategory[]): Reply =>
    json(200, {
      id: 'modr-test',
      model: 'omni-moderation-latest',
      results: [
        {
          flagged: flagged.length > 0,
          categories: Object.fromEntries(MODERATION_CATEGORIES.map((category) => [category, flagged.includes(category)])),
          category_scores: Object.fromEntries(MODERATION_CATEGORIES.map((category) => [category, flagged.includes(category) ? 0.97 : 0.001])),
          category_applied_input_types: Object.fromEntries(MODERATION_CATEGORIES.map((category) => [category, ['text']])),
        },
      ],
    });

export async function startOpenAiCompatibleServer(reply: Reply = answer(JSON.stringify({ topic: 'airline food', joke: 'It flew coach.' }))): Promise<OpenAiCompatibleServer> {
  // What the tests read and set is this object itself: the handle is the state.
  const handle = {
    baseURL: '',
    received: [] as ReceivedCompletion[],
    reply,
    moderations: [] as ReceivedModeration[],
    get moderated() {
      return handle.moderations.map((moderation) => moderation.body.input);
    },
    moderate: (_input: string): Reply => flags(),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = () => JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (request.method === 'POST' && request.url === '/v1/moderations') {
        const moderation: ReceivedModeration = { headers: request.headers, body: body() };
        handle.moderations.push(moderation);
        handle.moderate(moderation.body.input)(response);
        return;
      }
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        json(404, { error: { message: 'Not found', type: 'invalid_request_error' } })(response);
        return;
      }
      handle.received.push({ headers: request.headers, body: body() });
      handle.reply(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  handle.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return handle;
}
