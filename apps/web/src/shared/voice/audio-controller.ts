import { PlaybackError } from './speech-failure';

/** SPEC 4 voice playback: idle, loading (requesting speech), playing. */
export type PlaybackStatus = 'idle' | 'loading' | 'playing';

/** Thrown when the browser refuses to play the audio (SPEC 8). */
export const AUDIO_PLAYBACK_FAILED = 'Audio playback failed';

/**
 * One playback, from the request for speech until it ends. Only the newest is
 * current: whatever a superseded one still learns (a late answer, a late audio
 * event) changes nothing.
 */
export interface Playback {
  readonly isCurrent: () => boolean;
  /**
   * Plays `url` in a fresh audio element. Resolves once playing; rejects with
   * 'Audio playback failed' when the browser refuses. `onError` hears a media
   * error that comes later (a broken or unsupported file).
   */
  readonly play: (url: string, onError: () => void) => Promise<void>;
  /** Back to idle (an error, or the caller giving up). */
  readonly end: () => void;
}

interface Current {
  owner: string;
  status: Exclude<PlaybackStatus, 'idle'>;
  audio: HTMLAudioElement | null;
}

/**
 * The page's one voice playback (SPEC 4: starting a new playback stops the
 * current one), shared by every Listen and Preview button. The element is put
 * in the document while it plays so the page (and a browser test) can find it.
 */
export class AudioController {
  private current: Current | null = null;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  statusOf = (owner: string): PlaybackStatus => (this.current?.owner === owner ? this.current.status : 'idle');

  /** Takes the playback for `owner`, stopping whatever was loading or playing. */
  begin(owner: string): Playback {
    this.release();
    const entry: Current = { owner, status: 'loading', audio: null };
    this.current = entry;
    this.notify();
    const isCurrent = () => this.current === entry;
    return {
      isCurrent,
      play: (url, onError) => this.play(entry, url, onError),
      end: () => {
        if (isCurrent()) this.stop();
      },
    };
  }

  /** Stops `owner`'s playback, or any playback without an owner. */
  stop(owner?: string): void {
    if (this.current === null || (owner !== undefined && this.current.owner !== owner)) return;
    this.release();
    this.notify();
  }

  private async play(entry: Current, url: string, onError: () => void): Promise<void> {
    if (this.current !== entry) return;
    const audio = document.createElement('audio');
    audio.hidden = true;
    audio.preload = 'auto';
    audio.dataset.voicePlayback = entry.owner;
    entry.audio = audio;
    audio.addEventListener('ended', () => {
      if (this.current === entry) this.stop();
    });
    audio.addEventListener('error', () => {
      if (this.current !== entry) return;
      this.stop();
      onError();
    });
    audio.src = url;
    document.body.append(audio);
    try {
      await audio.play();
    } catch {
      if (this.current !== entry) return;
      throw new PlaybackError(AUDIO_PLAYBACK_FAILED);
    }
    if (this.current !== entry) return;
    entry.status = 'playing';
    this.notify();
  }

  private release(): void {
    const audio = this.current?.audio;
    this.current = null;
    if (!audio) return;
    audio.pause();
    // Dropping the source ends the download too; the element leaves the page.
    audio.removeAttribute('src');
    audio.load();
    audio.remove();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The page's one controller. */
export const audioController = new AudioController();
