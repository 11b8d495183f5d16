import type { ContractDefinition, Side } from '@jokes/contracts';

/** The gateway's backends: the write and read replicas, and the local payment provider (profile dev). */
export type Backend = 'write' | 'read' | 'local_stripe';

/** Where each side of the contracts is served (a new side fails to compile here until it has a backend). */
export const BACKEND_OF_SIDE: Record<Side, Backend> = {
  command: 'write',
  query: 'read',
  'local-provider': 'local_stripe',
};

/** One HAProxy ACL: paths equal to one of `values`, beginning with one, or matching the regular expression. */
export interface PathRule {
  acl: string;
  match: 'path' | 'path_beg' | 'path_reg';
  values: string[];
  backend: Backend;
  /** The contract (method and path) the rule comes from, for the comment beside it. */
  source?: string;
}

export interface GatewayRoutes {
  /** In the order HAProxy tries them; the first that matches decides. */
  rules: PathRule[];
  /** Every other path: the read side serves the web app (and answers 404 for an API path no contract has). */
  fallback: Backend;
}

// Characters a contract path may use here, so that no value needs quoting or escaping in the HAProxy file.
const PLAIN_PATH = /^(\/[A-Za-z0-9_.:-]+)+$/;

/**
 * The gateway's route table, from the contracts, deciding as the edge's own
 * `sideOfPath` does (any method: a wrong one still reaches a 405 from its
 * owner). Paths without parameters are matched exactly, with the side of the
 * first contract that very path matches, so they come first; parameterised paths
 * become regular expressions, one per contract, which must not overlap across
 * sides (the registry would settle that by its order, a table by side cannot).
 */
export function gatewayRoutes(contracts: readonly ContractDefinition[]): GatewayRoutes {
  const exact: PathRule[] = [];
  const patterns: PathRule[] = [];
  const parameterised: ContractDefinition[] = [];
  const seen = new Set<string>();
  for (const contract of contracts) {
    if (!PLAIN_PATH.test(contract.path)) throw new Error(`Contract ${contract.name}: path ${contract.path} has characters the gateway's table does not quote`);
    if (seen.has(contract.path)) continue;
    seen.add(contract.path);
    const source = `${contract.method} ${contract.path}`;
    const segments = contract.path.split('/');
    if (!segments.some(isParameter)) {
      // The side of the first contract the path matches, as the registry's sideOfPath decides; a trailing slash matches too (its patterns end in `/?$`).
      const { side } = contracts.find((other) => overlap(other.path, contract.path))!;
      exact.push({ acl: `${side}_path`, match: 'path', values: [contract.path, `${contract.path}/`], backend: BACKEND_OF_SIDE[side], source });
      continue;
    }
    const clash = parameterised.find((other) => other.side !== contract.side && overlap(other.path, contract.path));
    if (clash) throw new Error(`${source} (${contract.side}) and ${clash.method} ${clash.path} (${clash.side}) match the same paths on different sides: the gateway cannot route them by path`);
    parameterised.push(contract);
    // As the registry compiles it: `/api/jokes/:id/rate` is `^/api/jokes/[^/]+/rate/?$` ('.' as a class: no backslash for HAProxy's parser to eat).
    const pattern = `^${segments.map((segment) => (isParameter(segment) ? '[^/]+' : segment.replace(/\./g, '[.]'))).join('/')}/?$`;
    patterns.push({ acl: `${contract.side}_pattern`, match: 'path_reg', values: [pattern], backend: BACKEND_OF_SIDE[contract.side], source });
  }
  // The auth service (Supabase-Auth-compatible) is part of the write side, as the edge routes it.
  const auth: PathRule = { acl: 'auth', match: 'path_beg', values: ['/auth/v1/'], backend: 'write' };
  return { rules: [auth, ...bySide(exact), ...bySide(patterns)], fallback: 'read' };
}

function isParameter(segment: string): boolean {
  return segment.startsWith(':');
}

/** Whether some path matches both parameterised paths: as many segments, each pair equal or one of them a parameter. */
function overlap(a: string, b: string): boolean {
  const left = a.split('/');
  const right = b.split('/');
  return left.length === right.length && left.every((segment, i) => segment === right[i] || isParameter(segment) || isParameter(right[i]!));
}

/** Rules of one side together (HAProxy ORs ACL lines of one name), in the sides' first appearance. */
function bySide(rules: PathRule[]): PathRule[] {
  const order = [...new Set(rules.map((rule) => rule.acl))];
  return order.flatMap((acl) => rules.filter((rule) => rule.acl === acl));
}
