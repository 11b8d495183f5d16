import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { JokeTakedownController } from './joke-takedown.controller.js';
import { DismissJokeReportsHandler, ReportJokeHandler, WithdrawJokeHandler } from './moderation.handlers.js';
import { ReportJokeController } from './report-joke.controller.js';
import { VoiceModule } from '../voice/voice.module.js';

/** Reports of jokes and their takedown (the Copyright Notice's removal within 48 hours). */
@Module({
  imports: [CqrsModule, VoiceModule],
  controllers: [ReportJokeController, JokeTakedownController],
  providers: [ReportJokeHandler, WithdrawJokeHandler, DismissJokeReportsHandler],
})
export class ModerationModule {}
