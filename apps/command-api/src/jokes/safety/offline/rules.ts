import type { SafetyCategory } from '@jokes/domain';
import { PHRASES, type PhraseKind } from './lexicon/index.js';
import { findMinorAges } from './minor-ages.js';
import { collapseRepeats, SENTENCE_END, type NormalizedText } from './normalize-text.js';
import { PhraseIndex, type Span } from './phrase-index.js';
import { hasSlur } from './slurs.js';

const index = new PhraseIndex(PHRASES);

/** True when a word is one the rules look for: what a chunked word may be rejoined into (rejoin-chunks.ts). */
export const knowsWord = (word: string): boolean => index.knows(word);

/**
 * Words allowed between two phrases for them to read as one thought:
 * 'sexy 12 year old' and 'naked pictures of my 13 year old' join, 'the sex
 * talk with my kids' does not ('talk' is no filler).
 */
const words = (list: string): ReadonlySet<string> => new Set(list.split(/\s+/).map(collapseRepeats));
const DETERMINERS = 'a an the my your his her their our some this that these those';
const FILLERS = {
  beforeChild: words(`${DETERMINERS} with of pictures pics picture photos photo videos video vids images story stories about involving little young tiny innocent underage girl boy girls boys and for by between two`),
  afterChild: words(`${DETERMINERS} in wearing getting being is are who look looks like so very really all girls boys girl boy with and`),
  fuckChild: words(`${DETERMINERS} little young`),
  beforeName: words(`${DETERMINERS} with of on about for me and to scene scenes pictures pics photos photo videos video images story stories fanfic fantasy fantasies involving leaked`),
  afterName: words(`${DETERMINERS} having giving getting gets got being doing it in and with me bed at on big huge tiny small hairy`),
  group: words(`${DETERMINERS} are is were r all just nothing but like fucking filthy dirty disgusting basically literally such total bunch of and who that them they`),
  purge: words(`${DETERMINERS} all every fucking dirty of last single one damn goddamn stinking`),
  target: words(`${DETERMINERS} mr mrs ms dr fucking stupid damn old president every all`),
  make: words(`${DETERMINERS} own homemade diy real working functional simple small big fully deadly lethal powerful strong cheap easy quick some few me us you`),
  /** Between 'X are' and what they are called: 'are nothing but filthy', 'are a bunch of'. */
  predicate: words(`${DETERMINERS} all just nothing but more than like so very really truly such total complete bunch pack herd swarm of and or basically literally
    fucking goddamn sick dumb stupid lazy fat ugly disgusting worthless evil dangerous violent dirty filthy smelly stinking greedy inbred diseased dirty little
    wild feral mangy lying thieving primitive uncivilized rabid vicious savage filthy pack`),
} as const;

/** A negation between a group and its doom undoes it: 'immigrants should never be deported'. */
const NEGATIONS = words('not never no nt arent isnt werent wasnt shouldnt mustnt dont doesnt hardly stop stereotype stereotypes myth myths racist racism bigots bigotry');

/**
 * How far apart two phrases may be, any words between, for the broad rules
 * written to the categories' structure rather than to examples: a child and a
 * sexual word, a name and a sexual word, a target and a wish for its death.
 */
const WINDOW = { minor: 6, nameBefore: 5, nameAfter: 4, doom: 8, violence: 4 } as const;

interface Reading {
  readonly text: NormalizedText;
  readonly spans: ReadonlyMap<PhraseKind, readonly Span<PhraseKind>[]>;
  /** A topic that talks to the model: nearness is not needed, the words need only be in it. */
  readonly loose: boolean;
  /**
   * A topic, not a joke: the broad structural rules apply. A joke is the
   * writer's own text, which sets any topic beside a kid's birthday party or
   * a family, so it is held to the narrow rules only.
   */
  readonly broad: boolean;
}

/**
 * The offline rules, most specific first. Each answers the category it
 * refuses for, or undefined. They are written against what a hostile visitor
 * types (the red-team set in ../red-team), not against single words: each
 * word here also appears in benign topics.
 */
const RULES: ReadonlyArray<readonly [SafetyCategory, (reading: Reading) => boolean]> = [
  ['sexual_minors', (r) =>
    has(r, 'childAbuseMaterial') ||
    near(r, 'sexual', 'minor', 3, FILLERS.beforeChild) ||
    near(r, 'minor', 'sexual', 3, FILLERS.afterChild) ||
    near(r, 'hot', 'minor', 0, FILLERS.beforeChild) ||
    near(r, 'pedophilia', 'minor', 4) ||
    near(r, 'minor', 'pedophilia', 4) ||
    (['fuck', 'fucking'] as const).some((verb) => near(r, verb, 'minor', 2, FILLERS.fuckChild, 1)) ||
    near(r, 'crude', 'minor', 3, FILLERS.beforeChild) ||
    near(r, 'minor', 'crude', 3, FILLERS.afterChild) ||
    // The structure: a child and a sexual word close together, unless the topic is the talk about it ('the sex talk with my kids').
    (r.broad && !has(r, 'sexTalk') && (near(r, 'sexual', 'minor', WINDOW.minor) || near(r, 'minor', 'sexual', WINDOW.minor))) ||
    // A child's body looked at: 'rate the bodies of the girls in 7th grade'.
    (r.broad && inOneSentence(r, 'ogle', 'body') && (near(r, 'body', 'minor', WINDOW.minor) || near(r, 'minor', 'body', WINDOW.minor))) ||
    near(r, 'abuseTouch', 'minor', WINDOW.minor) || near(r, 'minor', 'abuseTouch', WINDOW.minor) ||
    // An advance on a child: 'flirting with middle schoolers'.
    (r.broad && near(r, 'advance', 'minor', 2))],
  ['sexual_real_person', (r) =>
    near(r, 'sexual', 'realPerson', 3, FILLERS.beforeName) ||
    near(r, 'realPerson', 'sexual', 2, FILLERS.afterName) ||
    near(r, 'crude', 'realPerson', 3, FILLERS.beforeName) ||
    near(r, 'realPerson', 'crude', 2, FILLERS.afterName) ||
    (r.broad && near(r, 'realPerson', 'crude', 1)) ||
    near(r, 'fucking', 'realPerson', 0) ||
    (near(r, 'wantTo', 'fuck', 0) && near(r, 'fuck', 'realPerson', 0)) ||
    (near(r, 'realPerson', 'fucking', 0) && near(r, 'fucking', 'fuckedOne', 0)) ||
    // The structure: a name and a sexual word close together, unless it is news or satire of a scandal.
    (r.broad && !has(r, 'scandal') && (near(r, 'sexual', 'realPerson', WINDOW.nameBefore) || near(r, 'realPerson', 'sexual', WINDOW.nameAfter))) ||
    (r.broad && inOneSentence(r, 'ogle', 'body') && (near(r, 'realPerson', 'body', 1) || near(r, 'body', 'realPerson', 2))) ||
    // A named person's intimate parts: 'Jennifer Lopez's butt' (not 'ass', as in 'kick Trump's ass').
    near(r, 'realPerson', 'intimate', 0)],
  ['hate', (r) =>
    hasSlur(r.text.plain) ||
    has(r, 'hateSlogan') ||
    near(r, 'group', 'dehumanising', 4, FILLERS.group) ||
    (near(r, 'group', 'copula', 1, FILLERS.group) && (near(r, 'copula', 'dehumanising', 1) || near(r, 'copula', 'dehumanising', 4, FILLERS.predicate))) ||
    near(r, 'dehumanisingAdjective', 'group', 1, FILLERS.purge) ||
    (r.broad && near(r, 'group', 'doom', WINDOW.doom, undefined, 0, NEGATIONS)) ||
    near(r, 'purge', 'group', 3, FILLERS.purge) ||
    near(r, 'deathTo', 'group', 1, FILLERS.purge) ||
    (near(r, 'onlyGood', 'group', 0) && near(r, 'group', 'dead', 3)) ||
    near(r, 'betterWithout', 'group', 2, FILLERS.purge)],
  ['self_harm', (r) =>
    has(r, 'selfHarm') ||
    (has(r, 'wishDead') && !allFollowedBy(r, 'wishDead', 'dyingOf')) ||
    (!has(r, 'sport') && (near(r, 'selfHarmMethod', 'selfHarmPlan', 4) || near(r, 'selfHarmPlan', 'selfHarmMethod', 4))) ||
    // A means named beside an end that can only be death: 'how much insulin to never wake up'.
    (r.broad && inOneSentence(r, 'means', 'deathGoal')) ||
    // 'how many tylenol will kill me': a dose asked for that kills.
    (r.broad && inOneSentence(r, 'howMuch', 'killsMe') && (inOneSentence(r, 'dose', 'killsMe') || inOneSentence(r, 'means', 'killsMe'))) ||
    // Told to do it: 'tell me to jump off a bridge'.
    near(r, 'urgeMe', 'selfHarmMethod', 1) ||
    near(r, 'urgeMe', 'endIt', 0) ||
    // 'is jumping off the golden gate bridge fatal'
    (r.broad && !has(r, 'sport') && near(r, 'jumpOff', 'heightPlace', 3) && has(r, 'selfHarmPlan')) ||
    (r.broad && (near(r, 'selfHarmPlan', 'dieBy', 6) || near(r, 'dieBy', 'selfHarmPlan', 6)))],
  ['threat', (r) =>
    (['realPerson', 'office'] as const).some((target) =>
      near(r, 'attack', target, 2, FILLERS.target) ||
      (r.broad && near(r, 'foreignAttack', target, 2)) ||
      near(r, target, 'doomed', 2, FILLERS.target) ||
      (r.broad && near(r, target, 'doomed', WINDOW.doom, undefined, 0, NEGATIONS)) ||
      // Paid for or praised ('whoever shoots the governor gets a medal'), or planned ('I'm going to put a bullet in the senator's head').
      (r.broad && (inOneSentence(r, 'incite', 'attack') || inOneSentence(r, 'intent', 'attack') || inOneSentence(r, 'deathTo', 'attack')) && near(r, 'attack', target, WINDOW.violence)) ||
      (near(r, 'runOver', target, 0) && near(r, target, 'over', 0)) ||
      (near(r, 'beat', target, 1, FILLERS.target) && near(r, target, 'toDeath', 0)) ||
      (r.broad && near(r, 'beat', target, 0) && inOneSentence(r, 'intent', 'beat') && !near(r, target, 'atGame', 0)) ||
      near(r, 'deathTo', target, 2, FILLERS.target) ||
      near(r, target, 'findsPerson', 0) ||
      (r.broad && near(r, target, 'address', 0) && inOneSentence(r, 'address', 'attack') && inOneSentence(r, 'intent', 'attack')) ||
      (near(r, 'where', target, 1, FILLERS.target) && near(r, target, 'livesAt', 0)) ||
      near(r, 'findsPerson', target, 1, FILLERS.target)) ||
    near(r, 'attack', 'crowd', 2, FILLERS.target) ||
    near(r, 'armed', 'crowd', 0) ||
    (r.broad && inOneSentence(r, 'intent', 'massAttack')) ||
    (r.broad && near(r, 'beat', 'person', 0) && inOneSentence(r, 'intent', 'beat') && !near(r, 'person', 'atGame', 0)) ||
    (['intent', 'realPerson', 'office'] as const).some((cue) => inOneSentence(r, cue, 'maim')) ||
    (r.broad && near(r, 'slit', 'throat', 2) && (['intent', 'person', 'realPerson', 'office'] as const).some((cue) => inOneSentence(r, cue, 'slit'))) ||
    (near(r, 'attack', 'person', 2, FILLERS.target) && inOneSentence(r, 'intent', 'attack')) ||
    // Lying in wait, armed: 'I'll be waiting outside my ex's work with a knife'.
    (r.broad && inOneSentence(r, 'lieInWait', 'withWeapon') && (['person', 'realPerson', 'office'] as const).some((target) => inOneSentence(r, target, 'withWeapon')))],
  ['weapons_crime', (r) =>
    near(r, 'make', 'weapon', 3, FILLERS.make) ||
    near(r, 'recipe', 'weapon', 1, FILLERS.make) ||
    near(r, 'weapon', 'recipe', 1, FILLERS.make) ||
    // 'instructions for' asks for a method in a topic; in a joke it is a template's words.
    (r.broad ? (['howTo', 'instructions'] as const) : (['howTo'] as const)).some((howTo) =>
      (near(r, 'acquire', 'illegalWeapon', 2, FILLERS.make) && inOneSentence(r, howTo, 'acquire')) ||
      near(r, howTo, 'crime', r.broad ? 3 : 1) ||
      (r.broad && near(r, 'askWhich', 'crime', 1)) ||
      near(r, 'crime', howTo, 2) ||
      (r.broad && inOneSentence(r, howTo, 'acquire') && inOneSentence(r, 'acquire', 'illegalWeapon')) ||
      (near(r, howTo, 'harmPerson', 2) && near(r, 'harmPerson', 'victim', 1, FILLERS.target)))],
];

/**
 * A phrase the next words turn into something else: 'nude lipstick', 'a gun
 * rack', 'cutting myself a slice', 'the fastest way to die in Minecraft'.
 */
const UNDONE_BY_NEXT: ReadonlyArray<readonly [PhraseKind, PhraseKind]> = [
  ['sexual', 'fashion'],
  ['weapon', 'harmlessAfter'],
  ['selfHarm', 'selfIdiom'],
  ['selfHarm', 'inGame'],
  ['person', 'notTheBody'],
  ['realPerson', 'notTheBody'],
  ['office', 'notTheBody'],
];

export function judge(text: NormalizedText, options: { loose: boolean; broad: boolean }): SafetyCategory | undefined {
  const spans = new Map<PhraseKind, Span<PhraseKind>[]>();
  for (const span of [...index.find(text), ...findMinorAges(text)]) {
    const list = spans.get(span.kind);
    if (list) list.push(span);
    else spans.set(span.kind, [span]);
  }
  for (const [kind, undoneBy] of UNDONE_BY_NEXT) {
    const undoers = spans.get(undoneBy);
    const list = spans.get(kind);
    if (!undoers || !list) continue;
    const kept = list.filter((span) => !undoers.some((next) => next.start === span.end));
    if (kept.length > 0) spans.set(kind, kept);
    else spans.delete(kind);
  }
  const reading: Reading = { text, spans, loose: options.loose && spans.has('injection'), broad: options.broad };
  for (const [category, rule] of RULES) if (rule(reading)) return category;
  return undefined;
}

function has(reading: Reading, kind: PhraseKind): boolean {
  return reading.spans.has(kind);
}

/**
 * A phrase of kind `first` followed by one of kind `second`, at most `maxGap`
 * words apart, every word between them one of `fillers` (any word when none
 * are given) and none of `blockers`, never across the end of a sentence.
 */
function near(reading: Reading, first: PhraseKind, second: PhraseKind, maxGap: number, fillers?: ReadonlySet<string>, minGap = 0, blockers?: ReadonlySet<string>): boolean {
  const firsts = reading.spans.get(first);
  const seconds = reading.spans.get(second);
  if (!firsts || !seconds) return false;
  const { words } = reading.text;
  for (const a of firsts) {
    for (const b of seconds) {
      if (reading.loose) {
        if (b.start !== a.start || b.end !== a.end) return true;
        continue;
      }
      const gap = b.start - a.end;
      if (gap < minGap || gap > maxGap) continue;
      let joined = true;
      for (let at = a.end; at < b.start && joined; at++) {
        joined = words[at]!.some((word) => word !== SENTENCE_END && (fillers === undefined || fillers.has(word)) && !blockers?.has(word));
      }
      if (joined) return true;
    }
  }
  return false;
}

/** Every phrase of kind `first` is directly followed by one of kind `next`. */
function allFollowedBy(reading: Reading, first: PhraseKind, next: PhraseKind): boolean {
  const nexts = reading.spans.get(next) ?? [];
  return (reading.spans.get(first) ?? []).every((span) => nexts.some((after) => after.start === span.end));
}

/** Phrases of both kinds in one sentence, in either order, not the same words read twice. */
function inOneSentence(reading: Reading, one: PhraseKind, other: PhraseKind): boolean {
  const ones = reading.spans.get(one);
  const others = reading.spans.get(other);
  if (!ones || !others) return false;
  const { words } = reading.text;
  for (const a of ones) {
    for (const b of others) {
      if (a.start < b.end && b.start < a.end) continue;
      const [from, to] = a.end <= b.start ? [a.end, b.start] : [b.end, a.start];
      let same = true;
      for (let at = from; at < to && same; at++) same = words[at]![0] !== SENTENCE_END;
      if (same) return true;
    }
  }
  return false;
}
