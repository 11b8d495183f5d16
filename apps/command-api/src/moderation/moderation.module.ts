import { Module } from '@nestjs/common';
import { JokeTakedownController } from './joke-takedown.controller.js';
import { ReportJokeController } from './report-joke.controller.js';
import { JokesModule } from '../jokes/jokes.module.js';
import { VoiceModule } from '../voice/voice.module.js';

/** Reports of jokes and their takedown (the Copyright Notice's removal within 48 hours). */
@Module({
  imports: [JokesModule, VoiceModule],
  controllers: [ReportJokeController, JokeTakedownController],
})
export class ModerationModule {}
