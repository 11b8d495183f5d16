import { describe, expect, it } from '@jest/globals';
import { bounded, CARD_TEXT_LIMIT, fontSizeFor, jokeCardTemplate, PRODUCT_NAME, type CardNode } from './joke-card.template.js';

const texts = (node: CardNode): string[] => {
  const { children } = node.props;
  if (children === undefined) return [];
  if (typeof children === 'string') return [children];
  return (Array.isArray(children) ? children : [children]).flatMap(texts);
};

describe('the card template', () => {
  it('shows the joke in quotes, its style and the product', () => {
    expect(texts(jokeCardTemplate({ content: 'My cat judges me.', comedianStyle: 'Ali Wong' }, '1200x630'))).toEqual(['“My cat judges me.”', 'in the style of Ali Wong', PRODUCT_NAME]);
  });

  it('cuts a long joke at a word, with an ellipsis, and never splits an emoji', () => {
    const cut = bounded('word '.repeat(1000), CARD_TEXT_LIMIT);
    expect([...cut].length).toBeLessThanOrEqual(CARD_TEXT_LIMIT);
    expect(cut).toMatch(/word…$/);
    expect(bounded('😀'.repeat(10), 5)).toBe('😀😀😀😀…');
    expect(bounded('  short\n\njoke  ', CARD_TEXT_LIMIT)).toBe('short joke');
  });

  it('shrinks the letters as the text grows, within readable bounds', () => {
    for (const size of ['1200x630', '1080x1080'] as const) {
      const sizes = [20, 100, 300, CARD_TEXT_LIMIT].map((characters) => fontSizeFor(characters, size));
      expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(20);
    }
  });
});
