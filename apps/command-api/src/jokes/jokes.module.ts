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
import { UnpublishJokeController } from './unpublish-joke.controller.js';
import { UnpublishJokeHandler } from './unpublish-joke.handler.js';
import { createContentSafety } from './safety/content-safety.factory.js';
import { ContentSafety } from './safety/content-safety.port.js';
import { createJokeWriter } from './writers/joke-writer.factory.js';
import { JokeWriter } from './writers/joke-writer.port.js';

@Module({
  imports: [CqrsModule],
  controllers: [GenerateJokeController, RateJokeController, ShareJokeController, UnpublishJokeController],
  providers: [
    GenerateJokeHandler,
    RateJokeHandler,
    ShareJokeHandler,
    UnpublishJokeHandler,
    EntitlementsService,
    { provide: ContentSafety, useFactory: () => createContentSafety(process.env) },
    { provide: JokeWriter, inject: [SpendCeiling], useFactory: (spend: SpendCeiling) => createJokeWriter(process.env, spend) },
  ],
})
export class JokesModule {}
