import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { SafetyCategory } from '@jokes/domain';
import {
  flags,
  json,
  startOpenAiCompatibleServer,
  type ModerationCategory as OpenAiCategory,
  type OpenAiCompatibleServer,
  type ReceivedModeration as Received,
} from '../writers/testing/openai-compatible-server.js';
import { ContentSafetyError } from './content-safety.port.js';
import { OpenAiContentSafety } from './openai-content-safety.js';

// The local server that speaks OpenAI's /v1/moderations wire protocol, so the
// real SDK is exercised end to end: serialisation, retries, timeouts, parsing.
const API_KEY = 'sk-test-do-not-leak';

describe('OpenAiContentSafety against an OpenAI-compatible moderation server', () => {
  let server: OpenAiCompatibleServer;
  let baseURL: string;
  let received: Received[];
  /** How the next moderation requests are answered. */
  const answerWith = (reply: ReturnType<typeof flags>) => {
    server.moderate = () => reply;
  };

  beforeAll(async () => {
    server = await startOpenAiCompatibleServer();
    baseURL = server.baseURL;
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(() => {
    server.moderations = [];
    received = server.moderations;
    answerWith(flags());
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
    answerWith(flags(theirs));
    await expect(safety().checkTopic('a topic the offline rules let through')).resolves.toEqual({ allowed: false, category: ours });
  });

  it.each<OpenAiCategory>(['sexual', 'harassment', 'violence', 'violence/graphic', 'self-harm'])(
    "lets OpenAI's %s alone pass: an 18+ product writes about sex between adults, roasts and dark things",
    async (theirs) => {
      answerWith(flags(theirs));
      await expect(safety().checkJoke('a joke about a dark thing')).resolves.toEqual({ allowed: true });
    },
  );

  it('answers the most serious of several flagged categories', async () => {
    answerWith(flags('illicit', 'harassment/threatening', 'sexual/minors', 'sexual'));
    await expect(safety().checkTopic('a topic')).resolves.toEqual({ allowed: false, category: 'sexual_minors' });
  });

  it('refuses with the offline rules first, without a call: OpenAI has no category for real people', async () => {
    await expect(safety().checkTopic('Taylor Swift naked in my bed')).resolves.toEqual({ allowed: false, category: 'sexual_real_person' });
    await expect(safety().checkJoke('Then I said: k i l l  y o u r s e l f.')).resolves.toEqual({ allowed: false, category: 'self_harm' });
    expect(received).toHaveLength(0);
  });

  it('fails closed on a 500, after one retry, with a retryable error naming the status', async () => {
    answerWith(json(500, { error: { message: 'The server had an error', type: 'server_error' } }, { 'retry-after-ms': '10' }));

    const error = await failure(safety().checkJoke('a joke'));

    expect(received).toHaveLength(2);
    expect(error.message).toBe('OpenAI moderation failed with status 500 (server_error)');
    expect(error.retryable).toBe(true);
  });

  it('fails closed on a rejected key, without retrying and without repeating the key', async () => {
    answerWith(json(401, { error: { message: `Incorrect API key provided: ${API_KEY}`, type: 'invalid_request_error', code: 'invalid_api_key' } }));

    const error = await failure(safety().checkTopic('a topic'));

    expect(received).toHaveLength(1);
    expect(error.message).toBe('OpenAI moderation failed with status 401 (invalid_api_key)');
    expect(error.retryable).toBe(false);
  });

  it('fails closed, retryable, when the server hangs past the timeout', async () => {
    answerWith(() => undefined);
    const error = await failure(safety({ timeoutMs: 150 }).checkJoke('a joke'));
    expect(error.message).toMatch(/timed out/);
    expect(error.retryable).toBe(true);
  });

  it('fails closed when the answer has no result to read', async () => {
    answerWith(json(200, { id: 'modr-test', model: 'omni-moderation-latest', results: [] }));
    const error = await failure(safety().checkJoke('a joke'));
    expect(error.message).toMatch(/could not be read/);
    expect(error.retryable).toBe(true);
  });

  it('stops when the caller aborts', async () => {
    answerWith(() => undefined);
    const controller = new AbortController();
    const checking = safety().checkTopic('a topic', controller.signal);
    setTimeout(() => controller.abort(), 50);

    const error = await failure(checking);

    expect(error.message).toMatch(/cancelled/);
    expect(error.retryable).toBe(false);
  });
});
