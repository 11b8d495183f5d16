import { afterEach, jest } from '@jest/globals';

/**
 * jsdom has audio elements but no media playback: play(), pause() and load()
 * only log "not implemented". Stubs them for the spec file that calls this (at
 * its top level); `refusePlay` makes the next play() reject as a browser's
 * autoplay policy does.
 */
export function stubMediaPlayback() {
  const media = {
    play: jest.spyOn(HTMLMediaElement.prototype, 'play'),
    pause: jest.spyOn(HTMLMediaElement.prototype, 'pause'),
    load: jest.spyOn(HTMLMediaElement.prototype, 'load'),
    refusePlay: () => media.play.mockRejectedValueOnce(new DOMException('play() failed', 'NotAllowedError')),
  };
  const reset = () => {
    media.play.mockReset().mockResolvedValue(undefined);
    media.pause.mockReset().mockImplementation(() => undefined);
    media.load.mockReset().mockImplementation(() => undefined);
  };
  reset();
  afterEach(() => {
    // A test that ends mid-playback leaves no element behind for the next one.
    for (const audio of document.querySelectorAll('audio')) audio.dispatchEvent(new Event('ended'));
    reset();
  });
  return media;
}

/** The page's playing audio element (SPEC 4: at most one). */
export function playingAudio(): HTMLAudioElement | null {
  const all = document.querySelectorAll('audio');
  if (all.length > 1) throw new Error(`${all.length} audio elements on the page; playback is one at a time`);
  return all[0] ?? null;
}
