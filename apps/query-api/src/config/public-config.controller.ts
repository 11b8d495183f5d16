import { Controller, Req } from '@nestjs/common';
import { getPublicConfig, LOCAL_ANON_KEY, type PublicConfig } from '@jokes/contracts';
import { devMailboxEnabled, devToolRefusal, requestHops } from '@jokes/server';
import type { Request } from 'express';
import { ReadQuery } from '../reading/read-query.decorator.js';

/** What the browser needs to start, from the environment of this deployment. */
@Controller()
export class PublicConfigController {
  private readonly config: Omit<PublicConfig, 'devMailbox'> = {
    supabaseUrl: process.env.SUPABASE_URL?.replace(/\/$/, '') || null,
    supabaseAnonKey: process.env.SUPABASE_ANON_KEY || LOCAL_ANON_KEY,
  };

  @ReadQuery(getPublicConfig, { caller: 'anyone' })
  get(@Req() request: Request): PublicConfig {
    // The mailbox answers only this machine, so only this machine is told of it (the footer's link).
    const fromHere = !devToolRefusal(requestHops(request.socket.remoteAddress, request.headers['x-forwarded-for']), process.env);
    return { ...this.config, devMailbox: devMailboxEnabled(process.env) && fromHere };
  }
}
