import { JOKE_CARD_SIZES, type JokeCardSize } from '@jokes/contracts';

/** The product's name as the cards and the page show it. */
export const PRODUCT_NAME = 'Standup Jokes AI';

/**
 * The longest joke text a card shows. A long joke (8-10 sentences) runs to
 * about 900 characters; past this it is cut at a word with an ellipsis, so the
 * text stays readable at 1200×630 (about 30 px letters at the limit). The page
 * shows the whole joke.
 */
export const CARD_TEXT_LIMIT = 480;
export const STYLE_NAME_LIMIT = 80;

/** Cuts at the last space before `limit` characters (code points, so no emoji is split) and adds an ellipsis. */
export function bounded(text: string, limit: number): string {
  const normalised = text.replace(/\s+/g, ' ').trim();
  const points = [...normalised];
  if (points.length <= limit) return normalised;
  const cut = points.slice(0, limit - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/**
 * Letters shrink as the text grows, so a one-liner fills the card and a long
 * joke still fits: the text area's pixels shared out among the characters
 * (a letter of Inter is about 0.55 of its size wide, a line 1.3 high).
 */
export function fontSizeFor(characters: number, size: JokeCardSize): number {
  const { width, height } = JOKE_CARD_SIZES[size];
  const area = (width - 2 * padding(size)) * (height - 2 * padding(size) - (size === '1200x630' ? 110 : 130));
  const fitting = Math.sqrt(area / (Math.max(characters, 1) * 0.55 * 1.3));
  return Math.round(Math.min(size === '1200x630' ? 56 : 72, Math.max(20, fitting * 0.85)));
}

const padding = (size: JokeCardSize) => (size === '1200x630' ? 56 : 80);

/** Satori's element shape: a tag, its style and its children (no React needed). */
export interface CardNode {
  type: string;
  props: { style: Record<string, string | number>; children?: string | CardNode | CardNode[] };
}

const node = (type: string, style: CardNode['props']['style'], children?: CardNode['props']['children']): CardNode => ({ type, props: { style, children } });

/**
 * The one template of every card: the joke in quotes, 'in the style of
 * {comedian}', and the product's name, on the product's dark purple. Text is
 * data to satori (laid out as glyphs, never parsed as markup), so a joke that
 * holds HTML draws as the characters it is.
 */
export function jokeCardTemplate(joke: { content: string; comedianStyle: string }, size: JokeCardSize): CardNode {
  const content = `“${bounded(joke.content, CARD_TEXT_LIMIT)}”`;
  const fontSize = fontSizeFor([...content].length, size);
  const small = size === '1200x630' ? 30 : 38;
  const { width, height } = JOKE_CARD_SIZES[size];
  const inset = padding(size);
  const band = Math.round(inset / 4);
  const inner = width - 2 * inset - band;
  // Sizes in pixels all the way down: satori lays out with content-box, so a padded 100% would overflow.
  return node(
    'div',
    {
      display: 'flex',
      width,
      height,
      // One flat colour and a band: a gradient made the PNG five times larger (every pixel differs).
      backgroundColor: '#24124d',
      borderLeft: `${band}px solid #ff4f9a`,
      color: '#ffffff',
      fontFamily: 'Inter',
    },
    node('div', { display: 'flex', flexDirection: 'column', justifyContent: 'space-between', width: inner, height: height - 2 * inset, margin: inset }, [
      node('div', { display: 'flex', flexGrow: 1, alignItems: 'center', width: inner, fontSize, fontWeight: 700, lineHeight: 1.3 }, content),
      node('div', { display: 'flex', flexDirection: 'column', flexShrink: 0, marginTop: 24 }, [
        node('div', { display: 'flex', fontSize: small, color: '#f5c6ff' }, `in the style of ${bounded(joke.comedianStyle, STYLE_NAME_LIMIT)}`),
        node('div', { display: 'flex', fontSize: Math.round(small * 0.8), color: '#c9b8e8', marginTop: 12 }, PRODUCT_NAME),
      ]),
    ]),
  );
}
