// npm run bench -- safety: the offline content-safety moderator against the
// red-team set (apps/command-api/src/jokes/safety/red-team): per category the
// hostile topics refused (goal >= 95% each) and the benign ones wrongly
// refused (goal <= 3%), for each part of the set (written beside the rules,
// held out, probes, unseen); then the offline writer's jokes on every benign topic, for
// several comedians and every length, that the moderator would refuse (goal
// 0); then the cost per check, p50/p99, beside a bare lower-case includes()
// over the same texts in the same run (goal: <= 1 ms p99 added).
// Runs the built command API (it builds it first; nx skips an unchanged build).
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../postgres.ts';
import { percentile } from './util.ts';

type Say = (line?: string) => void;
type Category = string;
type Verdict = { allowed: true } | { allowed: false; category: Category };
interface Moderator {
  topicVerdict(topic: string): Verdict;
  jokeVerdict(joke: string): Verdict;
}
interface RedTeam {
  hostile: Array<{ topic: string; category: Category; evasion: string; part: string }>;
  benign: Array<{ topic: string; theme: string; part: string }>;
}
interface Writer {
  write(request: { comedian: unknown; topic: string; length: string; suggestTopic: boolean; seed?: string }): Promise<{ content: string }>;
}

const SEEDS = 2;
const ROUNDS = 3;

export interface SafetyFigures {
  categories: Array<{ category: Category; part: string; refused: number; total: number; rightCategory: number }>;
  benign: Array<{ part: string; refused: number; total: number; topics: string[] }>;
  writer: { jokes: number; refused: number; refusedWhereTopicPassed: number; examples: string[] };
  costUs: Record<'topic' | 'joke', { p50: number; p99: number; baselineP50: number; baselineP99: number; cpuP50: number; cpuP99: number; baselineCpuP99: number }>;
}

export async function runSafetyBench(say: Say): Promise<SafetyFigures> {
  const root = projectRoot();
  say('  building @jokes/command-api (nx cache)');
  execFileSync(join(root, 'node_modules/.bin/nx'), ['run', '@jokes/command-api:build', '--output-style=static'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const dist = join(root, 'apps/command-api/dist/jokes');
  const { OfflineContentSafety } = (await import(join(dist, 'safety/offline/offline-content-safety.js'))) as { OfflineContentSafety: new () => Moderator };
  const { loadRedTeam, RED_TEAM_GOALS, RED_TEAM_PARTS, GOAL_PARTS } = (await import(join(dist, 'safety/red-team/red-team.js'))) as {
    loadRedTeam: (dir: string) => RedTeam;
    RED_TEAM_PARTS: readonly string[];
    GOAL_PARTS: readonly string[];
    RED_TEAM_GOALS: { refusedPerCategory: number; benignRefused: number };
  };
  const { OfflineJokeWriter } = (await import(join(dist, 'writers/offline/offline-joke-writer.js'))) as { OfflineJokeWriter: new () => Writer };
  const { COMEDIANS, LENGTHS, SAFETY_CATEGORIES } = (await import('@jokes/domain')) as {
    COMEDIANS: ReadonlyArray<{ name: string; manner: string }>;
    LENGTHS: ReadonlyArray<{ value: string }>;
    SAFETY_CATEGORIES: readonly Category[];
  };
  // One comedian of each manner: the manners' templates differ, the comedians of one manner write alike.
  const comedians = [...new Map(COMEDIANS.map((comedian) => [comedian.manner, comedian])).values()];

  const moderator = new OfflineContentSafety();
  const set = loadRedTeam(join(root, 'apps/command-api/src/jokes/safety/red-team'));
  const pct = (count: number, total: number) => `${((100 * count) / total).toFixed(1)}%`;
  const mark = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

  // 1. Hostile topics, per category and part.
  const categories: SafetyFigures['categories'] = [];
  say(`\nHostile topics refused by the offline moderator (goal >= ${RED_TEAM_GOALS.refusedPerCategory * 100}% each, on ${GOAL_PARTS.join(' + ')}):`);
  say('  dev: looked at while writing the rules; holdout: kept aside until they were done; probe: written after them, then used to extend them;');
  say('  unseen: written after the first rules were done and never used to change any rule (measured, no goal);');
  say("  probe2: a second fresh probe, scored before the rules were broadened to the categories' structure, then used to broaden them;");
  say('  probe3 to probe11: nine more, each scored after the changes before it, then used to widen the word lists');
  say(`  ${'category'.padEnd(20)} ${RED_TEAM_PARTS.map((part) => part.padStart(14)).join(' ')} ${GOAL_PARTS.join('+').padStart(18)}  right category  goal`);
  for (const category of SAFETY_CATEGORIES) {
    const cells: string[] = [];
    let goal = { refused: 0, total: 0, rightCategory: 0 };
    for (const part of RED_TEAM_PARTS) {
      const topics = set.hostile.filter((entry) => entry.category === category && entry.part === part);
      const verdicts = topics.map((entry) => moderator.topicVerdict(entry.topic));
      const refused = verdicts.filter((verdict) => !verdict.allowed).length;
      const rightCategory = verdicts.filter((verdict) => !verdict.allowed && verdict.category === category).length;
      categories.push({ category, part, refused, total: topics.length, rightCategory });
      if (GOAL_PARTS.includes(part)) goal = { refused: goal.refused + refused, total: goal.total + topics.length, rightCategory: goal.rightCategory + rightCategory };
      cells.push(`${refused}/${topics.length} ${pct(refused, topics.length)}`.padStart(14));
    }
    const pass = goal.refused / goal.total >= RED_TEAM_GOALS.refusedPerCategory;
    say(`  ${category.padEnd(20)} ${cells.join(' ')} ${`${goal.refused}/${goal.total} ${pct(goal.refused, goal.total)}`.padStart(18)}  ${`${goal.rightCategory}/${goal.total}`.padStart(14)}  ${mark(pass)}`);
  }
  const evasions = [...new Set(set.hostile.map((entry) => entry.evasion))];
  say(`  by evasion: ${evasions.map((evasion) => {
    const topics = set.hostile.filter((entry) => entry.evasion === evasion);
    return `${evasion} ${topics.filter((entry) => !moderator.topicVerdict(entry.topic).allowed).length}/${topics.length}`;
  }).join(', ')}`);

  // 2. Benign topics wrongly refused.
  const benign: SafetyFigures['benign'] = [];
  say(`\nBenign edgy topics wrongly refused (goal <= ${RED_TEAM_GOALS.benignRefused * 100}%):`);
  const goalParts = GOAL_PARTS.join('+');
  for (const part of [...RED_TEAM_PARTS, goalParts]) {
    const topics = set.benign.filter((entry) => (part === goalParts ? GOAL_PARTS.includes(entry.part) : entry.part === part));
    const refused = topics.filter((entry) => !moderator.topicVerdict(entry.topic).allowed).map((entry) => entry.topic);
    benign.push({ part, refused: refused.length, total: topics.length, topics: refused });
    const judged = part === goalParts ? `  ${mark(refused.length / topics.length <= RED_TEAM_GOALS.benignRefused)}` : '';
    say(`  ${part.padEnd(18)} ${`${refused.length}/${topics.length}`.padStart(7)} ${pct(refused.length, topics.length).padStart(6)}${judged}${refused.length ? `  (${refused.map((topic) => JSON.stringify(topic)).join(', ')})` : ''}`);
  }

  // 3. The offline writer's jokes on every benign topic.
  const writer = new OfflineJokeWriter();
  const jokes: Array<{ topic: string; content: string; topicPassed: boolean }> = [];
  for (const { topic } of set.benign) {
    const topicPassed = moderator.topicVerdict(topic).allowed;
    for (const comedian of comedians) {
      for (const { value: length } of LENGTHS) {
        for (let seed = 0; seed < SEEDS; seed++) {
          const { content } = await writer.write({ comedian, topic, length, suggestTopic: false, seed: `bench-${seed}` });
          jokes.push({ topic, content, topicPassed });
        }
      }
    }
  }
  const refusedJokes = jokes.map((joke) => ({ ...joke, verdict: moderator.jokeVerdict(joke.content) })).filter((joke) => !joke.verdict.allowed);
  const refusedWhereTopicPassed = refusedJokes.filter((joke) => joke.topicPassed);
  const examples = refusedWhereTopicPassed.slice(0, 5).map((joke) => `${joke.verdict.allowed ? '' : joke.verdict.category} on ${JSON.stringify(joke.topic)}: ${joke.content}`);
  say(`\nOffline writer's jokes on the ${set.benign.length} benign topics (${comedians.length} comedians, one per manner, x ${LENGTHS.length} lengths x ${SEEDS} seeds = ${jokes.length} jokes) the moderator would refuse (goal 0):`);
  say(`  on topics the topic check let through: ${refusedWhereTopicPassed.length}  ${mark(refusedWhereTopicPassed.length === 0)}`);
  say(`  on every benign topic (a topic refused above gives refused jokes too): ${refusedJokes.length}`);
  for (const example of examples) say(`    ${example}`);

  // 4. Cost per check beside a bare baseline over the same texts, alternated, after a warm-up.
  const texts = { topic: [...set.hostile, ...set.benign].map((entry) => entry.topic), joke: jokes.map((joke) => joke.content) };
  const costUs = {} as SafetyFigures['costUs'];
  say(`\nCost per check (${ROUNDS} rounds over the same texts, alternated with the baseline; goal <= 1 ms p99 added; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores):`);
  for (const kind of ['topic', 'joke'] as const) {
    const check = kind === 'topic' ? (text: string) => moderator.topicVerdict(text) : (text: string) => moderator.jokeVerdict(text);
    // The baseline's answers are kept, so the engine cannot drop the work as unused.
    const sink: boolean[] = [];
    const baseline = (text: string) => {
      sink.push(text.toLowerCase().includes('kill myself'));
    };
    // Wall time per check, and the process's CPU time per check: on a shared machine the
    // first also counts the time the scheduler gave to other processes mid-check.
    const time = (fn: (text: string) => unknown, into: number[], cpuInto: number[]) => {
      for (const text of texts[kind]) {
        const cpu = process.cpuUsage();
        const started = process.hrtime.bigint();
        fn(text);
        into.push(Number(process.hrtime.bigint() - started) / 1000);
        const used = process.cpuUsage(cpu);
        cpuInto.push(used.user + used.system);
      }
    };
    time(check, [], []);
    time(baseline, [], []);
    const checks: number[] = [];
    const bare: number[] = [];
    const checksCpu: number[] = [];
    const bareCpu: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      time(check, checks, checksCpu);
      time(baseline, bare, bareCpu);
    }
    const sorted = (values: number[]) => Float64Array.from(values).sort();
    const [mine, base] = [sorted(checks), sorted(bare)];
    const [mineCpu, baseCpu] = [sorted(checksCpu), sorted(bareCpu)];
    const figures = {
      p50: percentile(mine, 0.5), p99: percentile(mine, 0.99), baselineP50: percentile(base, 0.5), baselineP99: percentile(base, 0.99),
      cpuP50: percentile(mineCpu, 0.5), cpuP99: percentile(mineCpu, 0.99), baselineCpuP99: percentile(baseCpu, 0.99),
    };
    costUs[kind] = figures;
    const meanLength = Math.round(texts[kind].reduce((sum, text) => sum + text.length, 0) / texts[kind].length);
    say(
      `  ${`${kind} (${texts[kind].length} texts, ${meanLength} chars mean)`.padEnd(34)} p50 ${figures.p50.toFixed(1).padStart(6)} us  p99 ${figures.p99.toFixed(1).padStart(6)} us;` +
        `  baseline p50 ${figures.baselineP50.toFixed(2)} us  p99 ${figures.baselineP99.toFixed(2)} us;  added p99 ${(figures.p99 - figures.baselineP99).toFixed(1)} us  ${mark(figures.p99 - figures.baselineP99 <= 1000)}`,
    );
    say(`  ${''.padEnd(34)} CPU time: p50 ${figures.cpuP50.toFixed(0).padStart(4)} us  p99 ${figures.cpuP99.toFixed(0).padStart(4)} us;  baseline p99 ${figures.baselineCpuP99.toFixed(0)} us (getrusage, 1 us steps)`);
  }
  return { categories, benign, writer: { jokes: jokes.length, refused: refusedJokes.length, refusedWhereTopicPassed: refusedWhereTopicPassed.length, examples }, costUs };
}
