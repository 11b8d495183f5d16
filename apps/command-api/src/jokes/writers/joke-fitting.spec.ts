import { describe, expect, it } from '@jest/globals';
import { fitJokeToLength, fitTopic, plainText } from './joke-fitting.js';

describe('fitting a joke to its length', () => {
  it('cuts a joke longer than its length at a sentence boundary', () => {
    expect(fitJokeToLength('One. Two? Three! Four. Five.', 'short')).toBe('One. Two? Three!');
    expect(fitJokeToLength('"Really?" she said. He nodded.', 'one-liner')).toBe('"Really?"');
  });

  it('leaves a joke within its length as it is', () => {
    expect(fitJokeToLength('I tried to catch fog. I mist.', 'short')).toBe('I tried to catch fog. I mist.');
  });

  it('drops the sentences past the characters its length allows', () => {
    const long = `${'very '.repeat(100)}long.`;
    expect(fitJokeToLength(`Short one. ${long} Another.`, 'short')).toBe('Short one.');
  });

  it('refuses (undefined) when not even the first sentence fits, or nothing is left', () => {
    expect(fitJokeToLength('word '.repeat(100), 'one-liner')).toBeUndefined();
    expect(fitJokeToLength('<br/> ** __ ', 'short')).toBeUndefined();
  });

  it('strips HTML, Markdown and list markers to plain text', () => {
    expect(plainText('# Title\n- **Bold** and _italic_ with `code`\n1. A [link](https://x.invalid) <script>alert(1)</script>')).toBe(
      'Title Bold and italic with code A link alert(1)',
    );
  });

  it('keeps a suggested topic to its length, cut at a word', () => {
    expect(fitTopic('**airline** food and other things', 16)).toBe('airline food and');
    expect(fitTopic('x'.repeat(300), 200)).toHaveLength(200);
  });
});
