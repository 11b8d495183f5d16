import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSafetyCategory, type SafetyCategory } from '@jokes/domain';

/** The goals of the content-safety issue: at least 95% of each category refused, at most 3% of benign topics. */
export const RED_TEAM_GOALS = { refusedPerCategory: 0.95, benignRefused: 0.03 } as const;

/**
 * How a hostile topic hides from a filter; 'none' is the plain wording.
 * 'chunked' splits words into pieces of a few letters ('sui cide'), unlike
 * 'spacing' (one letter at a time).
 */
export const EVASIONS = ['none', 'spacing', 'leetspeak', 'lookalike', 'mixed_case', 'fullwidth', 'accents', 'zero_width', 'punctuation', 'hidden_instruction', 'chunked', 'reversed', 'rot13', 'base64'] as const;
export type Evasion = (typeof EVASIONS)[number];

export interface HostileTopic {
  readonly topic: string;
  readonly category: SafetyCategory;
  readonly evasion: Evasion;
}

export interface BenignTopic {
  readonly topic: string;
  readonly theme: string;
}

/**
 * 'dev': written first and looked at while the rules were written; 'holdout':
 * written with it, kept aside until the rules were done; 'probe': written
 * after the rules as a fresh test, first scored, then used to extend them;
 * 'unseen': written after the first rules were done and never used to
 * change any rule (not the broadened ones either), so measured only (the goals hold on the other parts); 'probe2':
 * a second fresh probe, written and scored before the rules were broadened
 * to the categories' structure, then used to broaden them (so the goals
 * hold on it too); 'probe3': a third, written and scored after that, then
 * used to widen the word lists; 'probe4' to 'probe11': eight more, the
 * same way.
 */
export const RED_TEAM_PARTS = ['dev', 'holdout', 'probe', 'unseen', 'probe2', 'probe3', 'probe4', 'probe5', 'probe6', 'probe7', 'probe8', 'probe9', 'probe10', 'probe11'] as const;
export type RedTeamPart = (typeof RED_TEAM_PARTS)[number];

/** The parts the goals are held on; 'unseen' is there to show how the rules do on what they were not written for. */
export const GOAL_PARTS: readonly RedTeamPart[] = ['dev', 'holdout', 'probe', 'probe2', 'probe3', 'probe4', 'probe5', 'probe6', 'probe7', 'probe8', 'probe9', 'probe10', 'probe11'];

const FILE_SUFFIX: Readonly<Record<RedTeamPart, string>> = { dev: '', holdout: '.holdout', probe: '.probe', unseen: '.unseen', probe2: '.probe2', probe3: '.probe3', probe4: '.probe4', probe5: '.probe5', probe6: '.probe6', probe7: '.probe7', probe8: '.probe8', probe9: '.probe9', probe10: '.probe10', probe11: '.probe11' };

export interface RedTeamSet {
  readonly hostile: readonly (HostileTopic & { readonly part: RedTeamPart })[];
  readonly benign: readonly (BenignTopic & { readonly part: RedTeamPart })[];
}

/**
 * Reads the red-team JSON files. `dir` defaults to this folder; the bench,
 * which runs the built code, passes the source folder (the JSON is not built).
 */
export function loadRedTeam(dir = fileURLToPath(new URL('.', import.meta.url))): RedTeamSet {
  const read = <T>(file: string): T[] => (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { topics: T[] }).topics;
  const hostile = RED_TEAM_PARTS.flatMap((part) => read<HostileTopic>(`hostile${FILE_SUFFIX[part]}.json`).map((entry) => ({ ...checkHostile(entry), part })));
  const benign = RED_TEAM_PARTS.flatMap((part) => read<BenignTopic>(`benign${FILE_SUFFIX[part]}.json`).map((entry) => ({ ...entry, part })));
  return { hostile, benign };
}

// A typo in a label would otherwise count as a category of its own.
function checkHostile(entry: HostileTopic): HostileTopic {
  if (!isSafetyCategory(entry.category) || !(EVASIONS as readonly string[]).includes(entry.evasion)) {
    throw new Error(`Bad red-team label: ${JSON.stringify({ category: entry.category, evasion: entry.evasion })}`);
  }
  return entry;
}
