import type { Voice } from '@jokes/contracts';
import { FliteSpeechEngine } from '../engines/offline/flite-speech-engine.js';
import { SpeechEngine, SpeechEngineError, type SynthesisRequest, type SynthesizedAudio } from '../engines/speech-engine.port.js';

/**
 * The real offline engine, counted, that a test can make fail or hang (until
 * its time is up) the way a provider does.
 */
export class ScriptedEngine extends SpeechEngine {
  readonly id = 'scripted-flite';
  mode: 'speak' | 'fail' | 'hang' = 'speak';
  readonly synthesized: SynthesisRequest[] = [];
  private readonly flite = new FliteSpeechEngine();

  listVoices(): Promise<Voice[]> {
    return this.flite.listVoices();
  }

  async synthesize(request: SynthesisRequest): Promise<SynthesizedAudio> {
    this.synthesized.push(request);
    if (this.mode === 'fail') throw new SpeechEngineError('the provider answered 500');
    if (this.mode === 'hang') {
      await new Promise((_resolve, reject) => request.signal.addEventListener('abort', () => reject(new SpeechEngineError('timed out')), { once: true }));
    }
    return this.flite.synthesize(request);
  }
}
