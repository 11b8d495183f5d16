import { Module } from '@nestjs/common';
import { createContentSafety } from './content-safety.factory.js';
import { ContentSafety } from './content-safety.port.js';

/** The one moderator of the process, for the jokes written (JokesModule) and the texts read aloud (VoiceModule). */
@Module({
  providers: [{ provide: ContentSafety, useFactory: () => createContentSafety(process.env) }],
  exports: [ContentSafety],
})
export class ContentSafetyModule {}
