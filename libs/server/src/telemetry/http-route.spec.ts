import { describe, expect, it } from '@jest/globals';
import { httpRoute, isHealthCheck } from './http-route.js';

describe('httpRoute', () => {
  it('names an API call by its contract path, without the ids or the query', () => {
    expect(httpRoute('POST', '/api/generate')).toBe('/api/generate');
    expect(httpRoute('POST', '/api/jokes/0b9f6a52-7c1e-4d55-9a55-2f0e5b7d9c11/rate')).toBe('/api/jokes/:id/rate');
    expect(httpRoute('GET', '/api/jokes/history?user_id=abc')).toBe('/api/jokes/history');
  });

  it('names the fixed auth routes as they are', () => {
    expect(httpRoute('POST', '/auth/v1/token?grant_type=password')).toBe('/auth/v1/token');
    expect(httpRoute('GET', '/auth/v1/.well-known/jwks.json')).toBe('/auth/v1/.well-known/jwks.json');
  });

  it('leaves unknown paths, ids under auth and the web app unnamed', () => {
    expect(httpRoute('GET', '/api/nothing-here')).toBeUndefined();
    expect(httpRoute('GET', '/auth/v1/admin/users/123')).toBeUndefined();
    expect(httpRoute('GET', '/assets/index-abc123.js')).toBeUndefined();
    expect(httpRoute(undefined, undefined)).toBeUndefined();
  });
});

describe('isHealthCheck', () => {
  it('recognises the health probes of the processes and the edge', () => {
    expect(isHealthCheck('/health')).toBe(true);
    expect(isHealthCheck('/api/health?x=1')).toBe(true);
    expect(isHealthCheck('/api/generate')).toBe(false);
    expect(isHealthCheck(undefined)).toBe(false);
  });
});
