import { describe, expect, it } from '@jest/globals';
import { httpErrorMessage, isApiError, parseBody, toApiError } from './http-error';

describe('error message (SPEC 8: "status: body text")', () => {
  it('is the status, a colon, then the body text', () => {
    expect(httpErrorMessage(502, '{"error":"Failed to generate joke"}', 'Bad Gateway')).toBe(
      '502: {"error":"Failed to generate joke"}',
    );
  });

  it('uses the status text when the body is empty', () => {
    expect(httpErrorMessage(503, '', 'Service Unavailable')).toBe('503: Service Unavailable');
    expect(httpErrorMessage(503, '  \n', 'Service Unavailable')).toBe('503: Service Unavailable');
  });
});

describe('turning a failed call into an ApiError', () => {
  it('keeps the parsed JSON body beside the message', () => {
    const response = new Response(null, { status: 403, statusText: 'Forbidden' });
    expect(toApiError({ status: 403, data: '{"requiresPremium":true}' }, response)).toEqual({
      status: 403,
      message: '403: {"requiresPremium":true}',
      body: { requiresPremium: true },
    });
  });

  it('keeps a text body as text', () => {
    expect(toApiError({ status: 500, data: 'boom' })).toEqual({ status: 500, message: '500: boom', body: 'boom' });
  });

  it('reports a network failure with its own message', () => {
    expect(toApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      status: 'FETCH_ERROR',
      message: 'TypeError: Failed to fetch',
    });
  });

  it('recognises ApiErrors and nothing else', () => {
    expect(isApiError({ status: 403, message: '403: x' })).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError(null)).toBe(false);
  });

  it('parses JSON, keeps other text, and treats empty as no body', () => {
    expect(parseBody('{"a":1}')).toEqual({ a: 1 });
    expect(parseBody('plain')).toBe('plain');
    expect(parseBody('')).toBeUndefined();
  });
});
