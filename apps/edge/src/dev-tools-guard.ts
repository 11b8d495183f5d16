import type { IncomingMessage } from 'node:http';
import { contracts, matchContract } from '@jokes/contracts';
import { devToolRefusal, type DevToolRefusal } from '@jokes/server/core';

const devTools = contracts.filter((contract) => contract.devTool === true);

/** Whether a path is a development tool's (mailbox, billing clock), by the contracts' `devTool` flag. */
export function isDevToolPath(pathname: string): boolean {
  return devTools.some((contract) => matchContract(contract.method, pathname)?.contract === contract);
}

/**
 * Why the edge must not pass this request on, or undefined. Only the socket
 * counts: a client can write any X-Forwarded-For, and the edge overwrites that
 * header with the socket's address for the API's own check.
 */
export function devToolRefusalAt(request: IncomingMessage, pathname: string, env: NodeJS.ProcessEnv = process.env): DevToolRefusal | undefined {
  if (!isDevToolPath(pathname)) return undefined;
  return devToolRefusal([request.socket.remoteAddress], env);
}
