import { describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { debugSubscription, jokeHistory, listComedians, syncUser, trialConversions } from '@jokes/contracts';
import type { Caller } from '@jokes/server';
import { openRead, type ReadAccess, type RequestInput } from './read-access.js';

const caller = (userId: string, roles: string[] = []): Caller => ({ userId, email: null, sessionId: null, role: 'authenticated', roles, aal: 'aal1' });
const ana = caller('ana');

/** The status and body the opening answers with, or 'open'. */
function outcome<C extends Parameters<typeof openRead>[0]>(contract: C, access: ReadAccess<C>, request: RequestInput) {
  try {
    openRead(contract, access, request);
    return 'open';
  } catch (error) {
    if (!(error instanceof HttpException)) throw error;
    return { status: error.getStatus(), body: error.getResponse() };
  }
}

const ownHistory: ReadAccess<typeof jokeHistory> = { caller: 'owner', owner: ({ query }) => query.user_id };
const supportDebug: ReadAccess<typeof debugSubscription> = { caller: 'owner', owner: ({ params }) => params.id, orRoles: ['support', 'admin'] };
const analysts: ReadAccess<typeof trialConversions> = { caller: 'role', roles: ['analyst', 'admin'], message: 'Trial figures are for analysts.' };

describe('openRead, for the owner of an account', () => {
  it('opens the read with the input parsed by the contract', () => {
    const read = openRead(jokeHistory, ownHistory, { caller: ana, query: { user_id: 'ana' } });
    expect(read).toMatchObject({ caller: ana, query: { user_id: 'ana' } });
    const synced = openRead(syncUser, { caller: 'owner', owner: ({ body }) => body.id }, { caller: ana, body: { id: 'ana', force_refresh: true } });
    expect(synced.body).toEqual({ id: 'ana', force_refresh: true });
  });

  it('answers 401 without a session, whatever the input', () => {
    expect(outcome(jokeHistory, ownHistory, { query: {} })).toEqual({ status: 401, body: { error: 'Unauthorized', message: 'Please log in to continue.' } });
  });

  it('answers 400 naming each field the contract refuses', () => {
    expect(outcome(jokeHistory, ownHistory, { caller: ana, query: { user_id: '' } })).toEqual({
      status: 400,
      body: { error: 'Invalid request', message: 'user_id: user_id is required', fieldErrors: { user_id: ['user_id is required'] } },
    });
  });

  it("answers 403 to another user's id", () => {
    expect(outcome(jokeHistory, ownHistory, { caller: ana, query: { user_id: 'bo' } })).toEqual({
      status: 403,
      body: { error: 'Forbidden', message: 'You can only act on your own account.' },
    });
  });

  it("lets the roles named read anyone's, and no other role", () => {
    expect(outcome(debugSubscription, supportDebug, { caller: caller('sam', ['support']), params: { id: 'bo' } })).toBe('open');
    expect(outcome(debugSubscription, supportDebug, { caller: caller('sam', ['analyst']), params: { id: 'bo' } })).toMatchObject({ status: 403 });
    expect(outcome(debugSubscription, supportDebug, { caller: caller('bo'), params: { id: 'bo' } })).toBe('open');
  });
});

describe('openRead, for a role', () => {
  it('answers 401 without a session and 403 with its message without the role, before the input', () => {
    expect(outcome(trialConversions, analysts, { query: { from: 'junk' } })).toMatchObject({ status: 401 });
    expect(outcome(trialConversions, analysts, { caller: ana, query: { from: 'junk' } })).toEqual({
      status: 403,
      body: { error: 'Forbidden', message: 'Trial figures are for analysts.' },
    });
  });

  it('then parses the input', () => {
    expect(outcome(trialConversions, analysts, { caller: caller('al', ['analyst']), query: { from: 'junk' } })).toMatchObject({ status: 400 });
    expect(openRead(trialConversions, analysts, { caller: caller('al', ['admin']), query: { from: '2026-03-01' } }).query).toEqual({ from: '2026-03-01' });
  });
});

describe('openRead, for anyone', () => {
  it('opens without a session', () => {
    expect(openRead(listComedians, { caller: 'anyone' }, {}).caller).toBeUndefined();
    expect(openRead(listComedians, { caller: 'anyone' }, { caller: ana }).caller).toBe(ana);
  });
});
