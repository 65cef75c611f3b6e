import { describe, expect, it } from 'vitest';
import { ELLIPSIS, markdownToPlainText, stripLeadingHeading, truncate, truncateText } from './description.ts';

describe('stripLeadingHeading', () => {
  it.each([
    ['# Einleitung\n\nArrakis.', 'Arrakis.'],
    ['## Introduction\nArrakis.', 'Arrakis.'],
    ['### Introduzione ###\n\nArrakis.', 'Arrakis.'],
    ['**Einleitung**\n\nArrakis.', 'Arrakis.'],
    ['**Einleitung:**\n\nArrakis.', 'Arrakis.'],
    ['**Einleitung**:\nArrakis.', 'Arrakis.'],
    ['__Introduction__\n\nArrakis.', 'Arrakis.'],
    ['Einleitung\n\nArrakis.', 'Arrakis.'],
    ['Introduzione:\nArrakis.', 'Arrakis.'],
    ['Einleitung\n==========\n\nArrakis.', 'Arrakis.'],
  ])('strips the heading from %j', (input, expected) => {
    expect(stripLeadingHeading(input)).toBe(expected);
  });

  it('is case-insensitive', () => {
    expect(stripLeadingHeading('# EINLEITUNG\n\nArrakis.')).toBe('Arrakis.');
    expect(stripLeadingHeading('introduction\nArrakis.')).toBe('Arrakis.');
  });

  it('ignores blank lines before the heading', () => {
    expect(stripLeadingHeading('\n  \n# Einleitung\n\n\nArrakis.')).toBe('Arrakis.');
  });

  it('handles Windows line endings', () => {
    expect(stripLeadingHeading('# Einleitung\r\n\r\nArrakis.\r\nMore.')).toBe('Arrakis.\r\nMore.');
  });

  it('leaves the rest of the text untouched', () => {
    const body = 'Arrakis.\n\n## Einleitung\n\n*Spice*  stays.\n';
    expect(stripLeadingHeading(`# Introduction\n\n${body}`)).toBe(body);
  });

  it('returns an empty string when the heading is all there is', () => {
    expect(stripLeadingHeading('# Einleitung')).toBe('');
  });

  it('keeps a heading that is a different word', () => {
    const text = '# Prolog\n\nArrakis.';
    expect(stripLeadingHeading(text)).toBe(text);
  });

  it('keeps a line that only starts with the word', () => {
    const text = 'Introduction to Arrakis\n\nThe desert.';
    expect(stripLeadingHeading(text)).toBe(text);
    expect(stripLeadingHeading('# Einleitung und Vorwort\n\nx')).toBe('# Einleitung und Vorwort\n\nx');
  });

  it('keeps the word when it is not the first content', () => {
    const text = 'Arrakis.\n\n# Einleitung\n\nThe desert.';
    expect(stripLeadingHeading(text)).toBe(text);
  });

  it('leaves text without a heading unchanged, including its leading blank lines', () => {
    expect(stripLeadingHeading('\n\nArrakis.')).toBe('\n\nArrakis.');
    expect(stripLeadingHeading('')).toBe('');
  });
});

describe('markdownToPlainText', () => {
  it('keeps the text of links and drops their address', () => {
    expect(markdownToPlainText('Read [the saga](https://e.org/a_(b)) now.')).toBe('Read the saga now.');
  });

  it('keeps the text of reference links and drops the definitions', () => {
    expect(markdownToPlainText('See [Dune][1].\n\n[1]: https://e.org')).toBe('See Dune.');
  });

  it('drops images', () => {
    expect(markdownToPlainText('Cover: ![Dune cover](/c.jpg) done.')).toBe('Cover: done.');
  });

  it('drops an image used as link text', () => {
    expect(markdownToPlainText('[![cover](/c.jpg)](/books/dune)Dune')).toBe('Dune');
  });

  it('removes emphasis, strong and strikethrough markers', () => {
    expect(markdownToPlainText('A **bold** and *em* and _em_ and __strong__ and ~~gone~~ word.')).toBe(
      'A bold and em and em and strong and gone word.',
    );
  });

  it('keeps underscores inside words', () => {
    expect(markdownToPlainText('snake_case_name stays')).toBe('snake_case_name stays');
  });

  it('removes heading markers', () => {
    expect(markdownToPlainText('# Dune\n\n## Part one ##\n\nText')).toBe('Dune Part one Text');
  });

  it('removes list markers and task boxes', () => {
    expect(markdownToPlainText('- one\n* two\n+ three\n1. four\n2) five\n- [x] six')).toBe(
      'one two three four five six',
    );
  });

  it('removes blockquote markers', () => {
    expect(markdownToPlainText('> quoted\n> > nested')).toBe('quoted nested');
  });

  it('removes code fences and backticks but keeps the code', () => {
    expect(markdownToPlainText('Run `spice()` then\n\n```js\nflow();\n```')).toBe('Run spice() then flow();');
  });

  it('removes HTML tags and comments', () => {
    expect(markdownToPlainText('A<br>B <b>bold</b> <!-- note --> end')).toBe('AB bold end');
  });

  it('removes thematic breaks', () => {
    expect(markdownToPlainText('One\n\n---\n\nTwo')).toBe('One Two');
  });

  it('keeps backslash-escaped characters literally', () => {
    expect(markdownToPlainText('2 \\* 3 \\*not em\\* \\# hash')).toBe('2 * 3 *not em* # hash');
  });

  it('decodes common HTML entities', () => {
    expect(markdownToPlainText('Tom &amp; Jerry &lt;3 &#8212; &#x41;')).toBe('Tom & Jerry <3 — A');
  });

  it('collapses whitespace into single spaces', () => {
    expect(markdownToPlainText('  One\n\n\nTwo\t three  ')).toBe('One Two three');
  });

  it('returns an empty string for empty input', () => {
    expect(markdownToPlainText('')).toBe('');
  });
});

describe('truncate', () => {
  it('returns text unchanged when it fits', () => {
    expect(truncate('Dune', 4)).toBe('Dune');
    expect(truncate('Dune', 400)).toBe('Dune');
  });

  it("appends '...' (three ASCII dots) when it cuts", () => {
    expect(ELLIPSIS).toBe('...');
    expect(truncate('The spice must flow', 12)).toBe('The spice...');
  });

  it('never returns more than max characters, dots included', () => {
    const text = 'The sleeper must awaken and the spice must flow across the desert of Arrakis.';
    for (let max = 0; max < text.length; max++) {
      expect(truncate(text, max).length).toBeLessThanOrEqual(max);
    }
  });

  it('cuts at a word boundary within the last 20% of the allowed length', () => {
    // budget = 17; the space after 'awaken' (index 17) ends a whole word.
    expect(truncate('The sleeper must awaken now', 20)).toBe('The sleeper must...');
  });

  it('keeps a word that ends exactly at the cut', () => {
    expect(truncate('The sleeper must awaken', 19)).toBe('The sleeper must...');
    expect(truncate('abcdefghij klm', 13)).toBe('abcdefghij...');
  });

  it('cuts mid-word when the only boundary would lose more than 20%', () => {
    expect(truncate('A Kwisatzhaderachprophecy', 15)).toBe('A Kwisatzhad...');
  });

  it('drops trailing punctuation before the dots', () => {
    expect(truncate('Spice, melange, water', 11)).toBe('Spice...');
  });

  it('does not split a surrogate pair', () => {
    const out = truncate('abcdefg🚀🚀🚀', 11);
    expect(out).toBe('abcdefg...');
  });

  it('returns only dots when max leaves no room for text', () => {
    expect(truncate('Arrakis', 3)).toBe('...');
    expect(truncate('Arrakis', 2)).toBe('..');
    expect(truncate('Arrakis', 0)).toBe('');
  });
});

describe('truncateText', () => {
  it('returns text of at most max characters unchanged', () => {
    expect(truncateText('Dune', 4)).toBe('Dune');
    expect(truncateText('', 400)).toBe('');
    expect(truncateText('x'.repeat(400), 400)).toBe('x'.repeat(400));
  });

  it("cuts at exactly max characters and puts '...' on top (spec §2: bio cut at 400 plus '...')", () => {
    const bio = 'a'.repeat(399) + 'bc';
    expect(truncateText(bio, 400)).toBe(`${'a'.repeat(399)}b...`);
    expect(truncateText(bio, 400)).toHaveLength(403);
    expect(truncateText('The spice must flow', 9)).toBe('The spice...');
  });

  it('cuts mid-word and keeps spaces and punctuation before the dots', () => {
    expect(truncateText('Kwisatz Haderach', 10)).toBe('Kwisatz Ha...');
    expect(truncateText('Spice, melange', 6)).toBe('Spice,...');
  });

  it('does not split a surrogate pair: one character fewer instead', () => {
    // The rocket is two UTF-16 units at 399 and 400: keeping 400 units would leave half of it.
    const out = truncateText(`${'a'.repeat(399)}🚀tail`, 400);
    expect(out).toBe(`${'a'.repeat(399)}...`);
    expect(out.isWellFormed()).toBe(true);
    expect(truncateText(`${'a'.repeat(398)}🚀tail`, 400)).toBe(`${'a'.repeat(398)}🚀...`);
  });

  it('treats a negative max as zero', () => {
    expect(truncateText('Dune', -1)).toBe('...');
  });
});
