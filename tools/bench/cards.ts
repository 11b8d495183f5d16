// npm run bench -- cards: what a joke card costs. Drawing one (satori lays the
// template out as SVG, resvg rasterises it to PNG), cold (the process's first
// card: fonts read, code compiled) and warm, per size, p50/p95 wall time;
// then a card served from the cache (CardCache.card on a drawn card: one file
// read). Beside them, in the same run: a bare PNG encode (resvg on a plain
// rectangle of the same size, no text) and a bare readFile of the same PNG,
// the floor of each path. Also the PNG and page sizes.
// Runs the built query API (it builds it first; nx skips an unchanged build).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../postgres.ts';
import { percentile } from './util.ts';

const fmt = (value: number) => value.toFixed(value < 10 ? 2 : 0);

type Say = (line?: string) => void;
type Size = '1080x1080' | '1200x630';
interface Joke {
  content: string;
  comedianStyle: string;
}
interface CardCacheLike {
  card(jokeId: string, size: Size, joke: Joke): Promise<Buffer>;
  renders: number;
}

const RUNS = Number(process.env.BENCH_CARD_RUNS ?? 30);
const SIZES: Size[] = ['1200x630', '1080x1080'];
const GOALS = { drawRatio: 3, cachedRatio: 3 } as const;
// A short joke (two sentences) and a long one (the card's bound of 480 characters is reached).
const SHORT = 'My cat judges me. Silently, constantly, and with the posture of a tax auditor.';
const LONG =
  'I told my therapist I keep thinking about airline food. She said that is a cry for help. I said no, it is a cry for a second bread roll, which they never give you, because the airline has decided that carbohydrates are a premium experience now. Next they will charge for the window. Oh wait, they do. And the armrest. The middle seat gets no armrest, just a lifetime of apologising with your elbows. ';

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function timed(runs: number, work: (run: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const times = new Float64Array(runs);
  for (let run = 0; run < runs; run++) {
    const start = process.hrtime.bigint();
    await work(run);
    times[run] = ms(start);
  }
  times.sort();
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

export async function runCardsBench(say: Say) {
  const root = projectRoot();
  say('  building @jokes/query-api (nx cache)');
  execFileSync(join(root, 'node_modules/.bin/nx'), ['run', '@jokes/query-api:build', '--output-style=static'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const dist = join(root, 'apps/query-api/dist/public-jokes');
  const { renderJokeCard } = (await import(join(dist, 'joke-card.renderer.js'))) as { renderJokeCard: (joke: Joke, size: Size) => Promise<Buffer> };
  const { CardCache } = (await import(join(dist, 'card-cache.js'))) as { CardCache: new (dir: string, maxBytes: number) => CardCacheLike };
  const { renderJokePage } = (await import(join(dist, 'public-joke.page.js'))) as { renderJokePage: (joke: Joke & { id: string }, publicUrl: string) => string };
  const { renderAsync } = (await import('@resvg/resvg-js')) as { renderAsync: (svg: string) => Promise<{ asPng(): Buffer }> };

  const coldStart = process.hrtime.bigint();
  await renderJokeCard({ content: SHORT, comedianStyle: 'Ali Wong' }, '1200x630');
  const cold = ms(coldStart);
  say(`\ncold: the process's first card (fonts read, satori and resvg warmed up): ${fmt(cold)} ms`);

  const dir = mkdtempSync(join(tmpdir(), 'bench-cards-'));
  const figures: Record<string, unknown> = { runs: RUNS, coldFirstCardMs: cold };
  // Goals, as ratios to the baselines of the same run: drawing a card costs at most GOALS.drawRatio bare PNG encodes of its size,
  // a cached card at most GOALS.cachedRatio plain file reads, and each joke and size is drawn once.
  const checks: { check: string; pass: boolean }[] = [];
  try {
    const cache = new CardCache(dir, 100 * 1024 * 1024);
    say(`\n${'size / joke'.padEnd(20)}${'draw p50'.padStart(10)}${'p95'.padStart(8)}${'bare PNG p50'.padStart(14)}${'cached p50'.padStart(12)}${'p95'.padStart(8)}${'readFile p50'.padStart(14)}${'PNG KB'.padStart(8)}`);
    for (const size of SIZES) {
      const [width, height] = size.split('x').map(Number) as [number, number];
      const plain = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#3b1466"/></svg>`;
      const bare = await timed(RUNS, async () => (await renderAsync(plain)).asPng());
      for (const [label, content] of [['short', SHORT], ['long', LONG]] as const) {
        const joke = { content, comedianStyle: 'Ali Wong' };
        const draw = await timed(RUNS, () => renderJokeCard(joke, size));
        const jokeId = `00000000-0000-4000-8000-${String(SIZES.indexOf(size)).padStart(6, '0')}${label === 'short' ? '000001' : '000002'}`;
        const png = await cache.card(jokeId, size, joke);
        const cached = await timed(RUNS * 10, () => cache.card(jokeId, size, joke));
        const file = join(dir, `bare-${size}-${label}.png`);
        await writeFile(file, png);
        const read = await timed(RUNS * 10, () => readFile(file));
        figures[`${size}-${label}`] = { drawMs: draw, barePngEncodeMs: bare, cachedMs: cached, bareReadFileMs: read, pngBytes: png.length };
        checks.push(
          { check: `${size} ${label}: drawn p50 <= ${GOALS.drawRatio} x bare PNG encode: ${(draw.p50 / bare.p50).toFixed(2)}`, pass: draw.p50 <= GOALS.drawRatio * bare.p50 },
          { check: `${size} ${label}: cached p50 <= ${GOALS.cachedRatio} x plain file read: ${(cached.p50 / read.p50).toFixed(2)}`, pass: cached.p50 <= GOALS.cachedRatio * read.p50 },
        );
        say(
          `${`${size} ${label}`.padEnd(20)}${fmt(draw.p50).padStart(10)}${fmt(draw.p95).padStart(8)}${fmt(bare.p50).padStart(14)}${fmt(cached.p50).padStart(12)}${fmt(cached.p95).padStart(8)}${fmt(read.p50).padStart(14)}${(png.length / 1024).toFixed(0).padStart(8)}`,
        );
      }
    }
    say(`\ncards drawn by the cache: ${cache.renders} (one per joke and size, however often asked)`);
    checks.push({ check: `each joke and size drawn once: ${cache.renders} drawings for ${SIZES.length * 2}`, pass: cache.renders === SIZES.length * 2 });
    const pages = Object.fromEntries(
      (['short', 'long'] as const).map((label) => [label, Buffer.byteLength(renderJokePage({ id: '00000000-0000-4000-8000-000000000001', content: label === 'short' ? SHORT : LONG, comedianStyle: 'Ali Wong' }, 'https://standupjokes.ai'))]),
    );
    say(`page HTML: ${pages.short} bytes (short joke), ${pages.long} bytes (long joke), uncompressed`);
    figures.pageBytes = pages;
    say('\nGoals:');
    for (const { check, pass } of checks) say(`  ${pass ? 'PASS' : 'FAIL'}  ${check}`);
    figures.goals = checks;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}
