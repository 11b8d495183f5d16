import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { log } from '@jokes/server';
import type pg from 'pg';
import { PG_POOL } from '../infrastructure/infrastructure.module.js';
import { SpendCeiling } from '../spend/spend-ceiling.js';
import { EntitlementsService } from './entitlements.service.js';
import { GenerateJokeController } from './generate-joke.controller.js';
import { GenerateJokeHandler } from './generate-joke.handler.js';
import { RateJokeController } from './rate-joke.controller.js';
import { RateJokeHandler } from './rate-joke.handler.js';
import { ShareJokeController } from './share-joke.controller.js';
import { ShareJokeHandler } from './share-joke.handler.js';
import { ContentSafetyModule } from './safety/content-safety.module.js';
import { UnpublishJokeController } from './unpublish-joke.controller.js';
import { UnpublishJokeHandler } from './unpublish-joke.handler.js';
import { ContentSafety } from './safety/content-safety.port.js';
import { createJokeWriter } from './writers/joke-writer.factory.js';
import { JokeWriter } from './writers/joke-writer.port.js';

@Module({
  imports: [CqrsModule, ContentSafetyModule],
  controllers: [GenerateJokeController, RateJokeController, ShareJokeController, UnpublishJokeController],
  providers: [
    GenerateJokeHandler,
    RateJokeHandler,
    ShareJokeHandler,
    UnpublishJokeHandler,
    EntitlementsService,
    {
      provide: JokeWriter,
      inject: [SpendCeiling, PG_POOL, ContentSafety],
      // The writers read what the audience rated from the read models; a failed read only means no learning for a while.
      useFactory: (spend: SpendCeiling, pool: pg.Pool, safety: ContentSafety) =>
        createJokeWriter(process.env, spend, {
          pool,
          safety,
          onError: (error) => log('warn', 'joke writer: could not read what the audience rated', { error: error instanceof Error ? error.message : String(error) }),
        }),
    },
  ],
})
export class JokesModule {}
