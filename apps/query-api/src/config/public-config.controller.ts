import { Controller, Get } from '@nestjs/common';
import { getPublicConfig, LOCAL_ANON_KEY, type PublicConfig } from '@jokes/contracts';

/** What the browser needs to start, from the environment of this deployment. */
@Controller()
export class PublicConfigController {
  private readonly config: PublicConfig = {
    supabaseUrl: process.env.SUPABASE_URL?.replace(/\/$/, '') || null,
    supabaseAnonKey: process.env.SUPABASE_ANON_KEY || LOCAL_ANON_KEY,
    devMailbox: !process.env.SMTP_URL,
  };

  @Get(getPublicConfig.path)
  get(): PublicConfig {
    return this.config;
  }
}
