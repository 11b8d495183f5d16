import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { SafetyCategory } from '@jokes/domain';
import { ContentSafetyError } from './content-safety.port.js';
import { OpenAiContentSafety } from './openai-content-safety.js';

/**
 * A local server that speaks OpenAI's /v1/moderations wire protocol, so the
 * real SDK is exercised end to end: serialisation, retries, timeouts, parsing.
 */
type Reply = (response: ServerResponse) => void;

interface Received {
  headers: IncomingMessage['headers'];
  body: { model: string; input: string };
}

const API_KEY = 'sk-test-do-not-leak';

const OPENAI_CATEGORIES = [
  'harassment', 'harassment/threatening', 'hate', 'hate/threatening', 'illicit', 'illicit/violent', 'self-harm', 'self-harm/instructions',
  'self-harm/intent', 'sexual', 'sexual/minors', 'violence', 'violence/graphic',
] as const;
type OpenAiCategory = (typeof OPENAI_CATEGORIES)[number];

const moderation = (flagged: readonly OpenAiCategory[]) => ({
  id: 'modr-test',
  model: 'omni-moderation-latest',
  results: [
    {
      flagged: flagged.length > 0,
      categories: Object.fromEntries(OPENAI_CATEGORIES.map((category) => [category, flagged.includes(category)])),
      category_scores: Object.fromEntries(OPENAI_CATEGORIES.map((category) => [category, flagged.includes(category) ? 0.97 : 0.001])),
      category_applied_input_types: Object.fromEntries(OPENAI_CATEGORIES.map((category) => [category, ['text']])),
    },
  ],
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => (response) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

const flags = (...flagged: OpenAiCategory[]): Reply => json(200, moderation(flagged));

describe('OpenAiContentSafety against an OpenAI-compatible moderation server', () => {
  let server: Server;
  let baseURL: string;
  let reply: Reply;
  let received: Received[];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method !== 'POST' || request.url !== '/v1/moderations') {
          json(404, { error: { message: 'Not found', type: 'invalid_request_error' } })(response);
          return;
        }
        received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        reply(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    received = [];
    reply = flags();
  });

  const safety = (options: { model?: string; timeoutMs?: number } = {}) => new OpenAiContentSafety({ apiKey: API_KEY, baseURL, timeoutMs: 2_000, ...options });

  const failure = async (promise: Promise<unknown>): Promise<ContentSafetyError> => {
    const error = await promise.then(
      () => undefined,
      (rejection: unknown) => rejection,
    );
    expect(error).toBeInstanceOf(ContentSafetyError);
    expect((error as Error).message).not.toContain(API_KEY);
    return error as ContentSafetyError;
  };

  it('sends the topic to omni-moderation-latest with the key and allows what nothing flags', async () => {
    await expect(safety().checkTopic('airline food')).resolves.toEqual({ allowed: true });

    expect(received).toHaveLength(1);
    const [{ headers, body }] = received as [Received];
    expect(headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(body).toEqual({ model: 'omni-moderation-latest', input: 'airline food' });
  });

  it('sends a joke the same way', async () => {
    await expect(safety().checkJoke('Why is the chicken so sad? It flew coach.')).resolves.toEqual({ allowed: true });
    expect((received[0] as Received).body.input).toBe('Why is the chicken so sad? It flew coach.');
  });

  it('uses the configured model and names the moderator after it', async () => {
    const configured = safety({ model: 'text-moderation-stable' });
    await configured.checkTopic('airline food');
    expect(configured.moderatorName).toBe('openai:text-moderation-stable');
    expect((received[0] as Received).body.model).toBe('text-moderation-stable');
  });

  it.each<[OpenAiCategory, SafetyCategory]>([
    ['sexual/minors', 'sexual_minors'],
    ['hate', 'hate'],
    ['hate/threatening', 'hate'],
    ['self-harm/intent', 'self_harm'],
    ['self-harm/instructions', 'self_harm'],
    ['harassment/threatening', 'threat'],
    ['illicit/violent', 'weapons_crime'],
    ['illicit', 'weapons_crime'],
  ])("refuses OpenAI's %s as %s", async (theirs, ours) => {
    reply = flags(theirs);
    await expect(safety().checkTopic('a topic the offline rules let through')).resolves.toEqual({ allowed: false, category: ours });
  });

  it.each<OpenAiCategory>(['sexual', 'harassment', 'violence', 'violence/graphic', 'self-harm'])(
    "lets OpenAI's %s alone pass: an 18+ product writes about sex between adults, roasts and dark things",
    async (theirs) => {
      reply = flags(theirs);
      await expect(safety().checkJoke('a joke about a dark thing')).resolves.toEqual({ allowed: true });
    },
  );

  it('answers the most serious of several flagged categories', async () => {
    reply = flags('illicit', 'harassment/threatening', 'sexual/minors', 'sexual');
    await expect(safety().checkTopic('a topic')).resolves.toEqual({ allowed: false, category: 'sexual_minors' });
  });

  it('refuses with the offline rules first, without a call: OpenAI has no category for real people', async () => {
    await expect(safety().checkTopic('Taylor Swift naked in my bed')).resolves.toEqual({ allowed: false, category: 'sexual_real_person' });
    await expect(safety().checkJoke('Then I said: k i l l  y o u r s e l f.')).resolves.toEqual({ allowed: false, category: 'self_harm' });
    expect(received).toHaveLength(0);
  });

  it('fails closed on a 500, after one retry, with a retryable error naming the status', async () => {
    reply = json(500, { error: { message: 'The server had an error', type: 'server_error' } }, { 'retry-after-ms': '10' });

    const error = await failure(safety().checkJoke('a joke'));

    expect(received).toHaveLength(2);
    expect(error.message).toBe('OpenAI moderation failed with status 500 (server_error)');
    expect(error.retryable).toBe(true);
  });

  it('fails closed on a rejected key, without retrying and without repeating the key', async () => {
    reply = json(401, { error: { message: `Incorrect API key provided: ${API_KEY}`, type: 'invalid_request_error', code: 'invalid_api_key' } });

    const error = await failure(safety().checkTopic('a topic'));

    expect(received).toHaveLength(1);
    expect(error.message).toBe('OpenAI moderation failed with status 401 (invalid_api_key)');
    expect(error.retryable).toBe(false);
  });

  it('fails closed, retryable, when the server hangs past the timeout', async () => {
    reply = () => undefined;
    const error = await failure(safety({ timeoutMs: 150 }).checkJoke('a joke'));
    expect(error.message).toMatch(/timed out/);
    expect(error.retryable).toBe(true);
  });

  it('fails closed when the answer has no result to read', async () => {
    reply = json(200, { id: 'modr-test', model: 'omni-moderation-latest', results: [] });
    const error = await failure(safety().checkJoke('a joke'));
    expect(error.message).toMatch(/could not be read/);
    expect(error.retryable).toBe(true);
  });

  it('stops when the caller aborts', async () => {
    reply = () => undefined;
    const controller = new AbortController();
    const checking = safety().checkTopic('a topic', controller.signal);
    setTimeout(() => controller.abort(), 50);

    const error = await failure(checking);

    expect(error.message).toMatch(/cancelled/);
    expect(error.retryable).toBe(false);
  });
});
