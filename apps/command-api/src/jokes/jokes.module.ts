import { Module } from '@nestjs/common';
import { log } from '@jokes/server';
import type pg from 'pg';
import { PG_POOL } from '../infrastructure/infrastructure.module.js';
import { SpendCeiling } from '../spend/spend-ceiling.js';
import { EntitlementsService } from './entitlements.service.js';
import { GenerateJokeController } from './generate-joke.controller.js';
import { JokeCommandRunner } from './joke-command.runner.js';
import { RateJokeController } from './rate-joke.controller.js';
import { ShareJokeController } from './share-joke.controller.js';
import { ContentSafetyModule } from './safety/content-safety.module.js';
import { JokeOwnerController } from './joke-owner.controller.js';
import { ContentSafety } from './safety/content-safety.port.js';
import { createJokeWriter } from './writers/joke-writer.factory.js';
import { JokeWriter } from './writers/joke-writer.port.js';

@Module({
  imports: [ContentSafetyModule],
  controllers: [GenerateJokeController, RateJokeController, ShareJokeController, JokeOwnerController],
  providers: [
    JokeCommandRunner,
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
  // Every command on a joke's stream runs through it, the moderation area's too.
  exports: [JokeCommandRunner],
})
export class JokesModule {}
