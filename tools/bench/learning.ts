// npm run bench -- learning: does the offline writer learn what a style's audience
// likes? A simulated audience with hidden preferences per style (each form of the
// style's manner has a mean rating; ratings are that plus noise, rounded to whole
// stars) asks for jokes and rates every one, through the real command handlers
// (GenerateJokeHandler and RateJokeHandler of the built command API, with its
// offline moderator and entitlements) on a real PostgreSQL, while the real
// form_ratings projection keeps the learned state the learning writer reads
// (through its cache, LEARNING_REFRESH_MS). The handlers are called directly, so
// no HTTP rate limit applies (as the other benches raise them).
//
// Two writers in the same run, on the same database and at the same time: the
// learning writer for three styles, and uniform choice (no learned state, the same
// rule against repeats) for three other styles of the same manners, whose
// audiences have the same hidden preferences. Their learned state never mixes:
// it is kept per style.
//
//   BENCH_LEARNING_JOKES  jokes (and ratings) per writer (default 3000: six blocks of 500)
//   DATABASE_URL          use this server; otherwise an embedded one in .data/bench-learning-postgres
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { EVENTS_CHANNEL, PostgresEventStore, Projector, WakeUpListener, type Projection } from '@jokes/event-store';
import { openBenchDatabase } from './bench-database.ts';
import { projectRoot } from '../postgres.ts';
import { quietPool } from './util.ts';

type Say = (line?: string) => void;

export const LEARNING_GOALS = { afterRatings: 2000, starsAboveUniform: 0.5, formsKeptApart: 5 };
const BLOCK = 500;
const CONCURRENT_VISITORS = 8;
const MAX_SESSION = 8;
/** Hidden mean ratings: three forms the audience loves, three it likes, the rest it does not. */
const HIDDEN_MEANS = [4.6, 4.6, 4.6, 3.6, 3.6, 3.6];
const DISLIKED_MEAN = 1.4;
const NOISE_STARS = 0.7;
/** Pairs of free styles with one manner (so the same forms): the learning writer gets the first, uniform choice the second. */
const STYLE_PAIRS = [
  ['Dave Chappelle', 'John Mulaney'],
  ['Chris Rock', 'Bill Burr'],
  ['Jim Gaffigan', 'Amy Schumer'],
] as const;
const TOPICS = ['airline food', 'my cat', 'dating apps', 'the gym', 'group chats', 'self-checkout'];

/** The command API's JokeCommandRunner, as far as the bench uses it. */
interface Runner {
  run(command: unknown, caller: { actor: string; origin: unknown; visitor?: string }): Promise<{ newEvents: Array<{ type: string; data: { jokeId: string } }> }>;
}
interface Writer {
  write(request: unknown): Promise<{ form?: string }>;
}
type Random = { next(): number; int(min: number, max: number): number; sample<T>(items: readonly T[], count: number): T[] };

export interface LearningFigures {
  jokes: number;
  blocks: Array<{ block: number; learning: number; uniform: number }>;
  afterGoal: { learning: number; uniform: number; difference: number; pass: boolean };
  repeats: { learning: number; uniform: number; pass: boolean };
  refused: { learning: number; uniform: number };
  seconds: number;
}

export async function runLearningBench(say: Say): Promise<LearningFigures> {
  const root = projectRoot();
  const jokesPerWriter = Number(process.env.BENCH_LEARNING_JOKES ?? 3000);
  if (!(jokesPerWriter >= BLOCK)) throw new Error(`BENCH_LEARNING_JOKES must be at least ${BLOCK}`);
  say('  building @jokes/command-api and @jokes/projectors (nx cache)');
  execFileSync(join(root, 'node_modules/.bin/nx'), ['run-many', '-t', 'build', '--projects=@jokes/command-api,@jokes/projectors', '--output-style=static'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const dist = join(root, 'apps/command-api/dist/jokes');
  const load = async <T>(file: string) => (await import(join(dist, file))) as T;
  const { JokeCommandRunner } = await load<{ JokeCommandRunner: new (...args: unknown[]) => Runner }>('joke-command.runner.js');
  const { EntitlementsService } = await load<{ EntitlementsService: new (store: unknown) => unknown }>('entitlements.service.js');
  const { createContentSafety } = await load<{ createContentSafety: (env: object) => unknown }>('safety/content-safety.factory.js');
  const { OfflineJokeWriter } = await load<{ OfflineJokeWriter: new (options?: object) => Writer }>('writers/offline/offline-joke-writer.js');
  const { CachedFormPreferences } = await load<{ CachedFormPreferences: new (pool: unknown) => unknown }>('writers/offline/learning/form-preferences.js');
  const { formsOf } = await load<{ formsOf: (manner: string, kind: string) => ReadonlyArray<{ id: string }> }>('writers/offline/joke-forms.js');
  const { createRandom } = await load<{ createRandom: (seed: string) => Random }>('writers/offline/seeded-random.js');
  const { projections } = (await import(join(root, 'apps/projectors/dist/projections/index.js'))) as { projections: readonly Projection[] };
  const { findComedian } = (await import('@jokes/domain')) as { findComedian: (name: string) => { name: string; manner: string } | undefined };

  const database = await openBenchDatabase('learning', say);
  const pool = quietPool(database.url, 20);
  const listener = new WakeUpListener(database.url, EVENTS_CHANNEL);
  let projector: Projector | undefined;
  try {
    const store = new PostgresEventStore(pool);
    await store.migrate();
    await listener.start();
    // The real projection, with the product's idle poll and its NOTIFY wake-ups.
    const formRatings = projections.find((projection) => projection.name === 'form_ratings');
    if (!formRatings) throw new Error('The projectors app has no form_ratings projection');
    projector = new Projector(store, formRatings, { connectionString: database.url, listener: listener.waiter() });
    void projector.start();

    const random = createRandom('bench-learning');
    // Each pair's hidden preferences: a seeded shuffle of its manner's forms, means by rank.
    const hidden = new Map<string, Map<string, number>>();
    for (const pair of STYLE_PAIRS) {
      const forms = formsOf(findComedian(pair[0])!.manner, 'punchline').map((form) => form.id);
      const ranked = random.sample(forms, forms.length);
      const means = new Map(ranked.map((form, index) => [form, HIDDEN_MEANS[index] ?? DISLIKED_MEAN]));
      for (const style of pair) hidden.set(style, means);
    }
    const rate = (style: string, form: string | undefined): number => {
      const mean = (form && hidden.get(style)?.get(form)) || DISLIKED_MEAN;
      const noise = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next()) * NOISE_STARS;
      return Math.min(5, Math.max(1, Math.round(mean + noise)));
    };

    const safety = createContentSafety({});
    const entitlements = new EntitlementsService(store);
    const origin = () => ({ correlationId: randomUUID() });
    const writers = {
      learning: new OfflineJokeWriter({ preferences: new CachedFormPreferences(pool) }),
      uniform: new OfflineJokeWriter(),
    };
    type Arm = keyof typeof writers;
    const arms = Object.keys(writers) as Arm[];
    const styleOf = (arm: Arm, pair: number) => STYLE_PAIRS[pair]![arm === 'learning' ? 0 : 1];
    const ratings: Record<Arm, number[]> = { learning: [], uniform: [] };
    const refused: Record<Arm, number> = { learning: 0, uniform: 0 };
    const shown: Record<Arm, Map<string, string[]>> = { learning: new Map(), uniform: new Map() };

    // A visitor: one style, a session of one to eight jokes, each rated as soon as it is read.
    const visit = async (arm: Arm) => {
      const jokes = new JokeCommandRunner(store, writers[arm], entitlements, safety);
      const userId = randomUUID();
      const pair = random.int(0, STYLE_PAIRS.length - 1);
      const style = styleOf(arm, pair);
      const forms: string[] = [];
      shown[arm].set(userId, forms);
      for (let joke = random.int(1, MAX_SESSION); joke > 0 && ratings[arm].length < jokesPerWriter; joke--) {
        const data = { jokeId: randomUUID(), comedianStyle: style, topic: TOPICS[random.int(0, TOPICS.length - 1)]!, length: 'short', bypassPremiumCheck: false, aiSuggestTopic: false, userId };
        const [decided] = (await jokes.run({ type: 'GenerateJoke', data }, { actor: userId, origin: origin(), visitor: `user:${userId}` })).newEvents;
        if (decided?.type !== 'JokeGenerated') {
          refused[arm]++;
          continue;
        }
        const form = (await pool.query<{ form: string | null }>(`SELECT data->>'form' AS form FROM events WHERE stream_id = $1 AND stream_version = 1`, [`joke-${data.jokeId}`])).rows[0]?.form ?? undefined;
        if (form) forms.push(form);
        const stars = rate(style, form);
        ratings[arm].push(stars);
        await jokes.run({ type: 'RateJoke', data: { jokeId: data.jokeId, userId, rating: stars } }, { actor: userId, origin: origin() });
      }
    };

    say(`\nA simulated audience rates ${jokesPerWriter} jokes per writer (${CONCURRENT_VISITORS} visitors at a time per writer, sessions of 1 to ${MAX_SESSION} jokes, short length):`);
    say(`  hidden means per style: 3 forms ${HIDDEN_MEANS[0]}, 3 forms ${HIDDEN_MEANS[3]}, the others ${DISLIKED_MEAN} stars, noise ${NOISE_STARS} star (sd), rounded to whole stars`);
    say(`  learning: ${STYLE_PAIRS.map((pair) => pair[0]).join(', ')}; uniform choice: ${STYLE_PAIRS.map((pair) => pair[1]).join(', ')} (same manners, same hidden preferences)`);
    const started = performance.now();
    let lastReport = started;
    await Promise.all(
      arms.flatMap((arm) =>
        Array.from({ length: CONCURRENT_VISITORS }, async () => {
          while (ratings[arm].length < jokesPerWriter) {
            await visit(arm);
            if (performance.now() - lastReport > 15_000) {
              lastReport = performance.now();
              say(`  ... ${ratings.learning.length} + ${ratings.uniform.length} ratings after ${((lastReport - started) / 1000).toFixed(0)} s`);
            }
          }
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;

    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
    const blocks = Array.from({ length: Math.ceil(jokesPerWriter / BLOCK) }, (_, block) => ({
      block: block + 1,
      learning: mean(ratings.learning.slice(block * BLOCK, (block + 1) * BLOCK)),
      uniform: mean(ratings.uniform.slice(block * BLOCK, (block + 1) * BLOCK)),
    }));
    const after = { learning: mean(ratings.learning.slice(LEARNING_GOALS.afterRatings, jokesPerWriter)), uniform: mean(ratings.uniform.slice(LEARNING_GOALS.afterRatings, jokesPerWriter)) };
    const difference = after.learning - after.uniform;
    const repeatsOf = (arm: Arm) =>
      [...shown[arm].values()].reduce((count, forms) => count + forms.filter((form, index) => forms.slice(Math.max(0, index - LEARNING_GOALS.formsKeptApart), index).includes(form)).length, 0);
    const repeats = { learning: repeatsOf('learning'), uniform: repeatsOf('uniform') };
    const mark = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

    say(`\nMean rating per block of ${BLOCK} jokes (${seconds.toFixed(0)} s, ${((2 * jokesPerWriter) / seconds).toFixed(0)} jokes/s rated):`);
    say(`  ${'jokes'.padEnd(12)} ${'learning'.padStart(9)} ${'uniform'.padStart(9)} ${'difference'.padStart(11)}`);
    for (const { block, learning, uniform } of blocks) {
      const signed = `${learning - uniform >= 0 ? '+' : ''}${(learning - uniform).toFixed(2)}`;
      say(`  ${`${(block - 1) * BLOCK + 1}-${Math.min(block * BLOCK, jokesPerWriter)}`.padEnd(12)} ${learning.toFixed(2).padStart(9)} ${uniform.toFixed(2).padStart(9)} ${signed.padStart(11)}`);
    }
    const pass = jokesPerWriter > LEARNING_GOALS.afterRatings && difference >= LEARNING_GOALS.starsAboveUniform;
    say(`\nGoals:`);
    say(`  ${mark(pass)}  after ${LEARNING_GOALS.afterRatings} ratings the learning writer's mean is >= ${LEARNING_GOALS.starsAboveUniform} stars above uniform choice: ${after.learning.toFixed(2)} vs ${after.uniform.toFixed(2)} (${difference >= 0 ? '+' : ''}${difference.toFixed(2)})`);
    say(`  ${mark(repeats.learning + repeats.uniform === 0)}  no form repeated within a visitor's last ${LEARNING_GOALS.formsKeptApart} jokes: ${repeats.learning} repeats (learning), ${repeats.uniform} (uniform), over ${shown.learning.size + shown.uniform.size} visitors`);
    say(`  jokes refused by the moderator (not rated, not counted): ${refused.learning} learning, ${refused.uniform} uniform`);
    return { jokes: jokesPerWriter, blocks, afterGoal: { ...after, difference, pass }, repeats: { ...repeats, pass: repeats.learning + repeats.uniform === 0 }, refused, seconds };
  } finally {
    await projector?.stop();
    await listener.stop();
    await pool.end().catch(() => undefined);
    await database.close();
  }
}
