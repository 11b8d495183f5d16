import { Controller, Get } from '@nestjs/common';
import { getPublicConfig, LOCAL_ANON_KEY, type PublicConfig } from '@jokes/contracts';
import { devMailboxEnabled } from '@jokes/server';

/** What the browser needs to start, from the environment of this deployment. */
@Controller()
export class PublicConfigController {
  private readonly config: PublicConfig = {
    supabaseUrl: process.env.SUPABASE_URL?.replace(/\/$/, '') || null,
    supabaseAnonKey: process.env.SUPABASE_ANON_KEY || LOCAL_ANON_KEY,
    devMailbox: devMailboxEnabled(process.env),
  };

  @Get(getPublicConfig.path)
  get(): PublicConfig {
    return this.config;
  }
}
