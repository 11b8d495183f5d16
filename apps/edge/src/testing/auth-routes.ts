import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { RouteModel } from './fuzz-requests.js';

/**
 * What supabase-js sends to each GoTrue route (the fields the command API
 * reads), so fuzzed requests look like real ones and reach past validation.
 * A route without an entry is still fuzzed, with arbitrary JSON.
 */
const metadata = z.record(z.string(), z.unknown());
const pkce = { code_challenge: z.string().nullable(), code_challenge_method: z.enum(['s256', 'plain']).nullable() };
const MODELS: Record<string, Pick<RouteModel, 'query' | 'body'>> = {
  'POST /auth/v1/signup': {
    query: z.object({ redirect_to: z.string().url() }),
    body: z.object({ email: z.string().email(), password: z.string(), data: metadata, gotrue_meta_security: z.object({ captcha_token: z.string() }), ...pkce }),
  },
  'POST /auth/v1/token': {
    body: z.object({
      email: z.string().email(),
      password: z.string(),
      refresh_token: z.string(),
      auth_code: z.string(),
      code_verifier: z.string(),
      remember_me: z.boolean(),
      session_lifetime: z.number(),
    }),
  },
  'GET /auth/v1/verify': { query: z.object({ token: z.string(), token_hash: z.string(), type: z.enum(['signup', 'recovery', 'email', 'invite']), redirect_to: z.string().url() }) },
  'POST /auth/v1/verify': {
    body: z.object({ token: z.string(), token_hash: z.string(), type: z.enum(['signup', 'recovery', 'email', 'invite']), email: z.string().email(), redirect_to: z.string() }),
  },
  'POST /auth/v1/recover': { query: z.object({ redirect_to: z.string().url() }), body: z.object({ email: z.string().email(), ...pkce }) },
  'PUT /auth/v1/user': { body: z.object({ email: z.string().email(), password: z.string(), phone: z.string(), data: metadata, nonce: z.string() }) },
  'POST /auth/v1/logout': { query: z.object({ scope: z.enum(['global', 'local', 'others']) }) },
};

/** GoTrue's grant types, each a route of its own for coverage (the body differs by grant). */
const GRANT_TYPES = ['password', 'refresh_token', 'pkce', 'id_token'];

/**
 * Every route of the command API's controllers mounted at `auth/v1`, read from
 * their decorators, so a route added later is fuzzed without editing this list.
 */
export function authRoutes(commandApiSource: string): RouteModel[] {
  const routes: RouteModel[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.controller.ts')) routes.push(...routesOf(readFileSync(file, 'utf8')));
    }
  };
  visit(commandApiSource);
  return routes.flatMap((route) =>
    route.path === '/auth/v1/token' && route.method === 'POST'
      ? GRANT_TYPES.map((grant) => ({ ...route, name: `${route.name}?grant_type=${grant}`, fixedQuery: { grant_type: grant } }))
      : [route],
  );
}

function routesOf(source: string): RouteModel[] {
  const prefix = /@Controller\('(auth\/v1[^']*)'\)/.exec(source)?.[1];
  if (!prefix) return [];
  return [...source.matchAll(/@(Get|Post|Put|Patch|Delete)\('([^']*)'\)/g)].map(([, verb, path]) => {
    const method = verb!.toUpperCase();
    const full = `/${prefix}/${path}`.replace(/\/+$/, '');
    const name = `${method} ${full}`;
    const model = MODELS[name];
    // Every field optional, as GoTrue reads them: a base request then carries only some (PUT /user with a phone is a 422 before it reads data).
    const partial = (schema: z.ZodType | undefined) => (schema instanceof z.ZodObject ? schema.partial() : schema);
    return { name, method, path: full, takesBody: method !== 'GET', query: partial(model?.query), body: partial(model?.body) };
  });
}
