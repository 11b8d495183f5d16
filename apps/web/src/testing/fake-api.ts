type Responder = (request: Request) => Response | Promise<Response>;

export interface FakeApi {
  /** Every request the app sent, in order. */
  requests: Request[];
  /** Answers `METHOD /path` (query strings ignored) from now on. */
  on: (route: string, responder: Responder) => FakeApi;
}

export const json = (body: unknown, init: ResponseInit = {}): Response =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });

const realFetch = globalThis.fetch;

/** Run after each test (setup-tests.ts). */
export function restoreFetch(): void {
  globalThis.fetch = realFetch;
}

/**
 * A fake network at the fetch level: the app's real base query, headers and
 * error handling run; only the server is replaced. Unknown routes get a 404.
 */
export function fakeApi(): FakeApi {
  const routes = new Map<string, Responder>();
  const requests: Request[] = [];

  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request.clone());
    const route = `${request.method} ${new URL(request.url).pathname}`;
    const responder = routes.get(route);
    return responder ? responder(request) : new Response('Not Found', { status: 404, statusText: 'Not Found' });
  };

  const api: FakeApi = {
    requests,
    on: (route, responder) => {
      routes.set(route, responder);
      return api;
    },
  };
  return api;
}
