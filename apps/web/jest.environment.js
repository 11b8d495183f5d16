// jsdom lacks fetch and its companions; Node has them. RTK Query's fetchBaseQuery
// builds a Request with an AbortSignal, so Request, fetch and AbortController must
// all come from the same (Node) implementation, or undici rejects the signal.
import { TestEnvironment } from 'jest-environment-jsdom';

const FROM_NODE = [
  'fetch', 'Headers', 'Response', 'FormData', 'Blob', 'File',
  'AbortController', 'AbortSignal',
  'ReadableStream', 'WritableStream', 'TransformStream',
  'TextEncoder', 'TextDecoder', 'structuredClone',
];

export default class WebTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const jsdomWindow = this.global;
    for (const name of FROM_NODE) jsdomWindow[name] = globalThis[name];
    // The app uses relative URLs (one origin); resolve them against the page as a browser does.
    jsdomWindow.Request = class extends Request {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, jsdomWindow.location.href) : input, init);
      }
    };
  }
}
