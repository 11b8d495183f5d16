import type { Voice } from '@jokes/contracts';

export interface FliteVoice extends Voice {
  /** Flite's options for this voice (`-voice`, `--setf`). */
  fliteArgs: string[];
  /** See `shiftVoice` in flite.worker.ts; 1 for the voice as recorded. */
  shift: number;
}

// How much faster kal's recordings are read for Kay: vocal tracts of adult
// women are roughly 15-20% shorter than men's, so their formants are higher by
// about that much. Flite is asked for a voice this much slower and lower first.
const KAY_SHIFT = 1.2;
// Kay speaks at about 205 Hz after the shift, a typical adult female pitch.
const KAY_PITCH_HZ = Math.round(205 / KAY_SHIFT);

/**
 * The offline voices: four CMU Arctic speakers of Flite (three men, one
 * woman) and a second woman made from kal's diphones with a shorter vocal
 * tract and a higher pitch. Ids are stable: a saved preference and the audio
 * cache depend on them.
 */
export const FLITE_VOICES: readonly FliteVoice[] = [
  {
    id: 'flite-rms',
    name: 'Ryan',
    gender: 'male',
    description: 'American man, calm and clear (CMU Flite, rms)',
    fliteArgs: ['-voice', 'rms'],
    shift: 1,
  },
  {
    id: 'flite-awb',
    name: 'Angus',
    gender: 'male',
    description: 'Scottish man, brisk and dry (CMU Flite, awb)',
    fliteArgs: ['-voice', 'awb'],
    shift: 1,
  },
  {
    id: 'flite-kal',
    name: 'Kal',
    gender: 'male',
    description: 'American man, deadpan and a little robotic (CMU Flite, kal16)',
    fliteArgs: ['-voice', 'kal16'],
    shift: 1,
  },
  {
    id: 'flite-slt',
    name: 'Sally',
    gender: 'female',
    description: 'American woman, warm and lively (CMU Flite, slt)',
    fliteArgs: ['-voice', 'slt'],
    shift: 1,
  },
  {
    id: 'flite-kay',
    name: 'Kay',
    gender: 'female',
    description: 'American woman, bright and quick (CMU Flite kal16, reshaped)',
    fliteArgs: ['-voice', 'kal16', '--setf', `int_f0_target_mean=${KAY_PITCH_HZ}`, '--setf', 'int_f0_target_stddev=30', '--setf', `duration_stretch=${KAY_SHIFT * 0.92}`],
    shift: KAY_SHIFT,
  },
];
