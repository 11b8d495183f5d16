import type { ContractDefinition, ParsedBodyOf, ParsedQueryOf } from '@jokes/contracts';
import { assertOwnUserId, type Caller, parseOrBadRequest, requireAnyRole, requireCaller } from '@jokes/server';

/** A request's input, parsed by its contract. */
export interface ParsedInput<C extends ContractDefinition> {
  query: ParsedQueryOf<C>;
  body: ParsedBodyOf<C>;
  /** Path params (the input guard has parsed them by the contract before any handler). */
  params: Record<string, string>;
}

/** Who may read: everyone, the owner of the account the input names, or holders of a role. */
export type ReadAccess<C extends ContractDefinition> =
  | { caller: 'anyone' }
  | {
      caller: 'owner';
      /** The user id the input names; it must be the caller's own (DESIGN.md decision 7). */
      owner: (input: ParsedInput<C>) => string | null | undefined;
      /** Roles that may read anyone's (support staff looking at an account). */
      orRoles?: readonly string[];
    }
  | { caller: 'role'; roles: readonly string[]; message: string };

export interface RequestInput {
  caller?: Caller;
  query?: unknown;
  body?: unknown;
  params?: Record<string, string>;
}

/** What a read has once it is allowed: the caller and the parsed input. */
export interface OpenedRead<C extends ContractDefinition> extends ParsedInput<C> {
  caller: Caller;
}

/** A read open to anyone: there may be no caller. */
export interface OpenedPublicRead<C extends ContractDefinition> extends ParsedInput<C> {
  caller: Caller | undefined;
}

/**
 * The opening every query shares, in the order its answers have always come:
 * no session 401 (a missing role 403), then bad input 400, then another
 * user's id 403. Throws the HttpException to answer with.
 */
export function openRead<C extends ContractDefinition>(contract: C, access: { caller: 'anyone' }, request: RequestInput): OpenedPublicRead<C>;
export function openRead<C extends ContractDefinition>(contract: C, access: ReadAccess<C>, request: RequestInput): OpenedRead<C>;
export function openRead<C extends ContractDefinition>(contract: C, access: ReadAccess<C>, request: RequestInput): OpenedPublicRead<C> {
  const caller =
    access.caller === 'anyone'
      ? request.caller
      : access.caller === 'role'
        ? requireAnyRole(request.caller, access.roles, access.message)
        : requireCaller(request.caller);
  const input: ParsedInput<C> = {
    query: (contract.query ? parseOrBadRequest(contract.query, request.query) : undefined) as ParsedQueryOf<C>,
    body: (contract.body ? parseOrBadRequest(contract.body, request.body) : undefined) as ParsedBodyOf<C>,
    params: { ...request.params },
  };
  if (access.caller === 'owner' && !caller!.roles.some((role) => access.orRoles?.includes(role))) assertOwnUserId(caller, access.owner(input));
  return { ...input, caller };
}
