import { Module } from '@nestjs/common';
import { migrate } from '@jokes/event-store';
import type pg from 'pg';
import { PG_POOL } from '../infrastructure/infrastructure.module.js';
import { EntitlementsService } from '../jokes/entitlements.service.js';
import { ContentSafetyModule } from '../jokes/safety/content-safety.module.js';
import { AudioController } from './audio.controller.js';
import { SpendCeiling } from '../spend/spend-ceiling.js';
import { AudioStore } from './audio/audio-store.js';
import { createSpeechEngine } from './engines/speech-engine.factory.js';
import { SpeechEngine } from './engines/speech-engine.port.js';
import { NarrationBlocks, narrationBlocksMigrations } from './narration-blocks.js';
import { SpeechService } from './speech.service.js';
import { readVoiceConfig, type VoiceConfig } from './voice.config.js';
import { VoiceController } from './voice.controller.js';
import { VOICE_CONFIG } from './voice.tokens.js';

/** Voice narration: the voice list, the saved voice (ChangeVoice), text-to-speech and the audio files. */
@Module({
  imports: [ContentSafetyModule],
  controllers: [VoiceController, AudioController],
  providers: [
    SpeechService,
    EntitlementsService,
    { provide: VOICE_CONFIG, useFactory: () => readVoiceConfig(process.env) },
    { provide: SpeechEngine, inject: [SpendCeiling], useFactory: (spend: SpendCeiling) => createSpeechEngine(process.env, spend) },
    { provide: AudioStore, inject: [VOICE_CONFIG], useFactory: (config: VoiceConfig) => new AudioStore(config.audioDir, config.audioCacheMaxBytes) },
    {
      provide: NarrationBlocks,
      inject: [PG_POOL],
      useFactory: async (pool: pg.Pool) => {
        await migrate(pool, 'voice', narrationBlocksMigrations);
        return new NarrationBlocks(pool);
      },
    },
  ],
  // The takedown (moderation) has a withdrawn joke's narrations forgotten.
  exports: [SpeechService],
})
export class VoiceModule {}
