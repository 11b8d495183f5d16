import {
  applyDecorators,
  type CallHandler,
  createParamDecorator,
  type ExecutionContext,
  Get,
  HttpCode,
  Injectable,
  type NestInterceptor,
  Post,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { CONSISTENT_POSITION_HEADER, type ContractDefinition } from '@jokes/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import { ConsistencyService } from '../consistency/consistency.service.js';
import { openRead, type OpenedPublicRead, type OpenedRead, type ReadAccess, type RequestInput } from './read-access.js';

const READ_QUERY = 'jokes:read-query';
const OPENED = Symbol('opened read');

/** A query route: its contract and who may read it. */
export interface ReadQueryRoute {
  contract: ContractDefinition;
  access: ReadAccess<ContractDefinition>;
}

/** What a query handler gets: the caller, the parsed input and an entity manager of its own. */
export type ReadOf<C extends ContractDefinition> = OpenedRead<C> & { em: EntityManager };
export type PublicReadOf<C extends ContractDefinition> = OpenedPublicRead<C> & { em: EntityManager };

/**
 * Declares a query route by its contract (method and path) and does the opening
 * every query shares before the handler runs: the caller's access and the input
 * (`openRead`), then read-your-writes on the contract's `reads` (DESIGN.md
 * decision 6), marking the answer `X-Consistency: stale` if the wait ran out.
 * The handler takes the result with `@Read()`.
 */
export function ReadQuery<C extends ContractDefinition>(contract: C, access: ReadAccess<C>): MethodDecorator {
  if (contract.side !== 'query') throw new Error(`${contract.name} is not a query`);
  const route = contract.method === 'GET' ? [Get(contract.path)] : contract.method === 'POST' ? [Post(contract.path), HttpCode(200)] : undefined;
  if (!route) throw new Error(`${contract.name}: a query is a GET or a POST`);
  const metadata: ReadQueryRoute = { contract, access: access as ReadAccess<ContractDefinition> };
  return applyDecorators(...route, SetMetadata(READ_QUERY, metadata), UseInterceptors(ReadQueryInterceptor));
}

/** The route a handler declared with `@ReadQuery`, if any. */
export function readQueryOf(handler: object): ReadQueryRoute | undefined {
  return Reflect.getMetadata(READ_QUERY, handler) as ReadQueryRoute | undefined;
}

/** The opened read of a `@ReadQuery` handler: `ReadOf<typeof contract>` (`PublicReadOf` for anyone's). */
export const Read = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<{ [OPENED]?: ReadOf<ContractDefinition> }>()[OPENED];
});

@Injectable()
export class ReadQueryInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly consistency: ConsistencyService,
    private readonly em: EntityManager,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const { contract, access } = this.reflector.get<ReadQueryRoute>(READ_QUERY, context.getHandler());
    const http = context.switchToHttp();
    const request = http.getRequest<Request & RequestInput & { [OPENED]?: ReadOf<ContractDefinition> }>();
    const opened = openRead(contract, access, request);
    const position = request.headers[CONSISTENT_POSITION_HEADER];
    await this.consistency.beforeReading(contract.reads, typeof position === 'string' ? position : undefined, http.getResponse<Response>());
    // A fresh identity map per request: nothing one read loaded leaks into the next.
    request[OPENED] = { ...opened, em: this.em.fork() };
    return next.handle();
  }
}
