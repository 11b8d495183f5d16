import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Font } from 'satori';
import { JOKE_CARD_SIZES, type JokeCardSize } from '@jokes/contracts';
import { jokeCardTemplate } from './joke-card.template.js';

const require = createRequire(import.meta.url);

// Bundled with the app (no network at run time). woff, not woff2: satori reads ttf, otf and woff.
// Latin and Latin Extended, regular and bold: the comedians' names and most jokes' letters.
const FONT_FILES = [
  ['inter-latin-400-normal.woff', 400],
  ['inter-latin-700-normal.woff', 700],
  ['inter-latin-ext-400-normal.woff', 400],
  ['inter-latin-ext-700-normal.woff', 700],
] as const;

let fonts: Promise<Font[]> | undefined;

/** satori and resvg, loaded with the first card: 7 MB of heap that most processes never need. */
const drawing = async () => {
  const [{ default: satori }, { renderAsync }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  return { satori, renderAsync };
};

function loadFonts(): Promise<Font[]> {
  fonts ??= Promise.all(
    FONT_FILES.map(async ([file, weight]) => ({
      name: 'Inter',
      data: await readFile(require.resolve(`@fontsource/inter/files/${file}`)),
      weight,
      style: 'normal' as const,
    })),
  );
  fonts.catch(() => (fonts = undefined));
  return fonts;
}

/**
 * The card as a PNG: satori lays the template out as SVG (text as paths, so
 * the PNG needs no fonts), resvg rasterises it on libuv's thread pool.
 */
export async function renderJokeCard(joke: { content: string; comedianStyle: string }, size: JokeCardSize): Promise<Buffer> {
  const { width, height } = JOKE_CARD_SIZES[size];
  const { satori, renderAsync } = await drawing();
  const svg = await satori(jokeCardTemplate(joke, size) as Parameters<typeof satori>[0], { width, height, fonts: await loadFonts() });
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return image.asPng();
}
