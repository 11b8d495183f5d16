import type { ContractDefinition, HttpMethod, Side } from './contract.js';
import * as everyExport from './all-contracts.js';

function isContract(value: unknown): value is ContractDefinition {
  return typeof value === 'object' && value !== null && 'side' in value && 'method' in value && 'path' in value && 'response' in value;
}

/**
 * Where two paths could both match, the one with a fixed word where the other
 * has a parameter, leftmost first, wins (`/api/jokes/history` before
 * `/api/jokes/:id`), as find-my-way and HAProxy's generated table decide: so the
 * order contracts are declared or exported in never changes where a request goes.
 */
export function bySpecificity(a: ContractDefinition, b: ContractDefinition): number {
  const left = a.path.split('/');
  const right = b.path.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const leftParam = left[i]!.startsWith(':');
    if (leftParam !== right[i]!.startsWith(':')) return leftParam ? 1 : -1;
  }
  // Paths of different lengths never match the same request; shorter first keeps the order total.
  return left.length - right.length;
}

/**
 * Every HTTP call of the product: every contract `all-contracts.ts` exports, the
 * most specific path first. The edge and the gateway route by this list.
 */
export const contracts: readonly ContractDefinition[] = (Object.values(everyExport) as unknown[]).filter(isContract).sort(bySpecificity);

export interface ContractMatch {
  contract: ContractDefinition;
  params: Record<string, string>;
}

function compile(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}

const compiled = contracts.map((contract) => ({ contract, pattern: compile(contract.path) }));

/** Finds the contract for a request; HEAD matches GET as HTTP says it should. */
export function matchContract(method: string, pathname: string, list = compiled): ContractMatch | undefined {
  const wanted = (method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase()) as HttpMethod;
  for (const { contract, pattern } of list) {
    if (contract.method !== wanted) continue;
    const found = pattern.exec(pathname);
    if (found) return { contract, params: { ...(found.groups ?? {}) } };
  }
  return undefined;
}

/** The side that owns a path for any method, so a wrong method still reaches a 405 from its owner. */
export function sideOfPath(pathname: string): Side | undefined {
  return compiled.find(({ pattern }) => pattern.test(pathname))?.contract.side;
}

/**
 * A command: a POST the contracts put on the command side. Each takes an
 * `Idempotency-Key` (the web sends one, the command API honours it).
 */
export function isCommand(method: string, pathname: string): boolean {
  return method.toUpperCase() === 'POST' && matchContract('POST', pathname)?.contract.side === 'command';
}
