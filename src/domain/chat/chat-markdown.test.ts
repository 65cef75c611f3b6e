import { describe, expect, it } from 'vitest';
import { parseChatMarkdown, parseInline } from './chat-markdown.ts';

describe('the markdown of chat answers', () => {
  it('turns book page links into book links and other links into text', () => {
    expect(parseInline('Try **this**: [Dune](/en/books/dune) or [that](https://example.org)')).toEqual([
      { kind: 'text', text: 'Try ' },
      { kind: 'strong', text: 'this' },
      { kind: 'text', text: ': ' },
      { kind: 'book', label: 'Dune', href: '/en/books/dune', slug: 'dune' },
      { kind: 'text', text: ' or that' },
    ]);
  });

  it('keeps HTML as text', () => {
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([{ kind: 'text', text: '<img src=x onerror=alert(1)>' }]);
  });

  it('reads paragraphs, bullet lists and numbered lists', () => {
    const blocks = parseChatMarkdown('Intro line\nsame paragraph\n\n- [A](/de/books/a): why\n- B\n\n1. one\n2. two\n## Heading');
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'list', 'list', 'paragraph']);
    expect(blocks[0]).toEqual({ kind: 'paragraph', inlines: [{ kind: 'text', text: 'Intro line same paragraph' }] });
    expect(blocks[1]).toMatchObject({ ordered: false, items: [[{ kind: 'book', slug: 'a' }, { kind: 'text', text: ': why' }], [{ kind: 'text', text: 'B' }]] });
    expect(blocks[2]).toMatchObject({ ordered: true, items: [[{ text: 'one' }], [{ text: 'two' }]] });
    expect(blocks[3]).toEqual({ kind: 'paragraph', inlines: [{ kind: 'text', text: 'Heading' }] });
  });
});
