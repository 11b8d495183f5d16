import { createReadStream } from 'node:fs';
import { Controller, Get, Inject, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { getAudio } from '@jokes/contracts';
import type { Request, Response } from 'express';
import { AudioStore } from './audio/audio-store.js';
import { SpeechService } from './speech.service.js';
import { parseByteRange } from './audio/byte-range.js';

/** A year, the longest a cache honours: the name is the hash of what the file holds, so it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The audio files, GET and HEAD (Express answers HEAD with the GET route),
 * with byte ranges so the browser can seek. No session: the name is an
 * unguessable hash of engine, voice and text, given only to a Pro caller.
 */
@Controller()
export class AudioController {
  constructor(
    @Inject(AudioStore) private readonly store: AudioStore,
    @Inject(SpeechService) private readonly speech: SpeechService,
  ) {}

  @Get(getAudio.path)
  async audio(@Param('file') file: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    // A withdrawn joke's narration is gone on every instance, also where its file is still kept.
    const stored = (await this.speech.servable(file.split('.')[0]!)) ? await this.store.open(file) : undefined;
    if (!stored) throw new NotFoundException({ error: 'Not Found', message: 'No such audio file. It may have expired; ask for the narration again.' });
    response.setHeader('content-type', stored.contentType);
    response.setHeader('accept-ranges', 'bytes');
    response.setHeader('cache-control', IMMUTABLE);
    response.setHeader('etag', `"${file.split('.')[0]}"`);
    const range = parseByteRange(request.headers.range, stored.size);
    if (range === 'unsatisfiable') {
      response.setHeader('content-range', `bytes */${stored.size}`);
      response.status(416).json({ error: 'Range Not Satisfiable', message: `The file has ${stored.size} bytes.` });
      return;
    }
    const { start, end } = range ?? { start: 0, end: stored.size - 1 };
    if (range) response.status(206).setHeader('content-range', `bytes ${start}-${end}/${stored.size}`);
    response.setHeader('content-length', String(end - start + 1));
    if (request.method === 'HEAD' || stored.size === 0) {
      response.end();
      return;
    }
    const stream = createReadStream(stored.path, { start, end });
    // Evicted between open and read: the headers are out, so the connection is all there is to end.
    stream.on('error', () => response.destroy());
    stream.pipe(response);
  }
}
