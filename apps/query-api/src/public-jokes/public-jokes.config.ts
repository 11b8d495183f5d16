import { join } from 'node:path';
import { intFromEnv } from '@jokes/server';

export interface PublicJokesConfig {
  /** PUBLIC_URL: the origin in the pages' absolute og:url and og:image. */
  publicUrl: string;
  /** `$DATA_DIR/cards`. */
  cardDir: string;
  /** CARD_CACHE_MAX_MB (default 100) in bytes. */
  cardCacheMaxBytes: number;
}

export function readPublicJokesConfig(env: NodeJS.ProcessEnv): PublicJokesConfig {
  const megabytes = intFromEnv(env, 'CARD_CACHE_MAX_MB', 100);
  if (megabytes === 0) throw new Error('CARD_CACHE_MAX_MB must be a positive integer, got "0"');
  return {
    publicUrl: env.PUBLIC_URL?.trim() || `http://localhost:${env.PORT?.trim() || '3000'}`,
    cardDir: join(env.DATA_DIR || '.data', 'cards'),
    cardCacheMaxBytes: megabytes * 1024 * 1024,
  };
}
