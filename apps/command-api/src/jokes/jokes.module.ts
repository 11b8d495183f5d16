import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SpendCeiling } from '../spend/spend-ceiling.js';
import { EntitlementsService } from './entitlements.service.js';
import { GenerateJokeController } from './generate-joke.controller.js';
import { GenerateJokeHandler } from './generate-joke.handler.js';
import { RateJokeController } from './rate-joke.controller.js';
import { RateJokeHandler } from './rate-joke.handler.js';
import { ShareJokeController } from './share-joke.controller.js';
import { ShareJokeHandler } from './share-joke.handler.js';
import { ContentSafetyModule } from './safety/content-safety.module.js';
import { createJokeWriter } from './writers/joke-writer.factory.js';
import { JokeWriter } from './writers/joke-writer.port.js';

@Module({
  imports: [CqrsModule, ContentSafetyModule],
  controllers: [GenerateJokeController, RateJokeController, ShareJokeController],
  providers: [
    GenerateJokeHandler,
    RateJokeHandler,
    ShareJokeHandler,
    EntitlementsService,
    { provide: JokeWriter, inject: [SpendCeiling], useFactory: (spend: SpendCeiling) => createJokeWriter(process.env, spend) },
  ],
})
export class JokesModule {}
