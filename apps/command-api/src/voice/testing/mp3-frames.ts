/** What an MP3 file holds, read from its frame headers: enough to tell real audio of a plausible length. */
export interface Mp3Summary {
  frames: number;
  sampleRate: number;
  seconds: number;
  /** Kilobits per second over the audio frames. */
  averageKbps: number;
}

const BITRATES_MPEG1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_MPEG2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** Walks the Layer III frames from the start (after an ID3v2 tag); throws where the stream is not one. */
export function summarizeMp3(bytes: Uint8Array): Mp3Summary {
  let offset = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    offset = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!);
  }
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  while (offset + 4 <= bytes.length) {
    const [b0, b1, b2] = [bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!];
    if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`no MP3 frame at byte ${offset}`);
    const version = (b1 >> 3) & 3;
    const layer = (b1 >> 1) & 3;
    if (version === 1 || layer !== 1) throw new Error(`not an MPEG Layer III frame at byte ${offset}`);
    const bitrate = (version === 3 ? BITRATES_MPEG1 : BITRATES_MPEG2)[b2 >> 4];
    const rate = SAMPLE_RATES[version]![(b2 >> 2) & 3];
    if (!bitrate || !rate) throw new Error(`invalid MP3 frame header at byte ${offset}`);
    const padding = (b2 >> 1) & 1;
    const length = Math.floor(((version === 3 ? 144 : 72) * bitrate * 1000) / rate) + padding;
    frames++;
    samples += version === 3 ? 1152 : 576;
    sampleRate = rate;
    offset += length;
  }
  if (frames === 0) throw new Error('no MP3 frames');
  const seconds = samples / sampleRate;
  return { frames, sampleRate, seconds, averageKbps: (bytes.length * 8) / 1000 / seconds };
}

/** The median fundamental frequency of the voiced 40 ms frames (autocorrelation, 70 to 400 Hz). */
export function medianPitchHz(samples: Float32Array, sampleRate: number): number {
  const size = Math.round(sampleRate * 0.04);
  const shortest = Math.round(sampleRate / 400);
  const longest = Math.round(sampleRate / 70);
  const pitches: number[] = [];
  for (let start = 0; start + size + longest < samples.length; start += size) {
    let energy = 0;
    for (let index = 0; index < size; index++) energy += samples[start + index]! ** 2;
    if (energy / size < 1e-3) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = shortest; lag <= longest; lag++) {
      let sum = 0;
      for (let index = 0; index < size; index++) sum += samples[start + index]! * samples[start + index + lag]!;
      if (sum > best) [best, bestLag] = [sum, lag];
    }
    // Only clearly periodic frames count (voiced speech).
    if (bestLag > 0 && best / energy > 0.5) pitches.push(sampleRate / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}
