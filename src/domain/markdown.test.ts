import { describe, expect, it } from 'vitest';
import { renderDescription, renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders ordinary markdown', () => {
    expect(renderMarkdown('# Dune\n\nA *desert* **planet**.')).toBe(
      '<h1>Dune</h1>\n<p>A <em>desert</em> <strong>planet</strong>.</p>\n',
    );
  });

  it('renders GFM strikethrough and lists', () => {
    expect(renderMarkdown('~~old~~\n\n- one\n- two')).toBe('<p><del>old</del></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n');
  });

  describe('raw HTML', () => {
    it('escapes a script block instead of passing it through', () => {
      const html = renderMarkdown('<script>alert(1)</script>');
      expect(html).not.toContain('<script>');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    });

    it('escapes inline tags with event handlers', () => {
      const html = renderMarkdown('a <img src=x onerror="alert(1)"> b');
      expect(html).not.toContain('<img');
      expect(html).toBe('<p>a &lt;img src=x onerror=&quot;alert(1)&quot;&gt; b</p>\n');
    });

    it('escapes HTML blocks', () => {
      expect(renderMarkdown('<div onclick="x">hi</div>')).toBe('<p>&lt;div onclick=&quot;x&quot;&gt;hi&lt;/div&gt;</p>\n');
    });
  });

  describe('links', () => {
    it('keeps an https link and marks it nofollow noopener', () => {
      expect(renderMarkdown('[ok](https://e.org)')).toBe('<p><a href="https://e.org" rel="nofollow noopener">ok</a></p>\n');
    });

    it('marks http and protocol-relative links as external too', () => {
      expect(renderMarkdown('[a](http://e.org)')).toContain('rel="nofollow noopener"');
      expect(renderMarkdown('[a](//e.org/x)')).toContain('<a href="//e.org/x" rel="nofollow noopener">');
    });

    it('keeps a mailto link without rel', () => {
      expect(renderMarkdown('[m](mailto:a@b.c)')).toBe('<p><a href="mailto:a@b.c">m</a></p>\n');
    });

    it('keeps a relative link without rel', () => {
      expect(renderMarkdown('[Dune](/books/dune)')).toBe('<p><a href="/books/dune">Dune</a></p>\n');
      expect(renderMarkdown('[Reviews](#reviews)')).toBe('<p><a href="#reviews">Reviews</a></p>\n');
    });

    it('renders a javascript: link as its plain text', () => {
      const html = renderMarkdown('[x](javascript:alert(1))');
      expect(html).not.toMatch(/javascript:/i);
      expect(html).toBe('<p>x</p>\n');
    });

    it('unlinks obfuscated and reference-style javascript: links', () => {
      for (const md of ['[x](JaVaScRiPt:alert(1))', '[x](<javascript:alert(1)>)', '[x][1]\n\n[1]: javascript:alert(1)']) {
        expect(renderMarkdown(md)).toBe('<p>x</p>\n');
      }
    });

    it('keeps the formatting of an unlinked label', () => {
      expect(renderMarkdown('[*x*](data:text/html,hi)')).toBe('<p><em>x</em></p>\n');
    });

    it('escapes the address, the title and the text', () => {
      expect(renderMarkdown('[a&b <c>](/x?a=1&b=2 "say \\"hi\\"")')).toBe(
        '<p><a href="/x?a=1&amp;b=2" title="say &quot;hi&quot;">a&amp;b &lt;c&gt;</a></p>\n',
      );
    });

    it('keeps an entity in the address inert by escaping its ampersand', () => {
      expect(renderMarkdown('[x](javascript&#58;alert(1))')).toContain('href="javascript&amp;#58;alert(1)"');
    });

    it('links bare URLs and email addresses (GFM autolinks)', () => {
      expect(renderMarkdown('see https://e.org')).toBe(
        '<p>see <a href="https://e.org" rel="nofollow noopener">https://e.org</a></p>\n',
      );
      expect(renderMarkdown('x@y.org')).toBe('<p><a href="mailto:x@y.org">x@y.org</a></p>\n');
    });
  });

  describe('images', () => {
    it('drops an image with a data: address', () => {
      const html = renderMarkdown('![i](data:image/png;base64,iVBORw0KGgo=)');
      expect(html).not.toContain('<img');
      expect(html).not.toContain('data:');
    });

    it('drops an image with a javascript: address', () => {
      expect(renderMarkdown('![i](javascript:alert(1))')).not.toContain('<img');
    });

    it('keeps a relative or https image with escaped alt text', () => {
      expect(renderMarkdown('![Dune "cover" *art*](/covers/dune.jpg)')).toBe(
        '<p><img src="/covers/dune.jpg" alt="Dune &quot;cover&quot; art"></p>\n',
      );
      expect(renderMarkdown('![c](https://e.org/c.jpg "T")')).toBe('<p><img src="https://e.org/c.jpg" alt="c" title="T"></p>\n');
    });
  });
});

describe('renderDescription', () => {
  it('drops a leading Einleitung heading before rendering', () => {
    expect(renderDescription('## Einleitung\n\nArrakis.')).toBe('<p>Arrakis.</p>\n');
  });

  it('renders the rest like renderMarkdown', () => {
    expect(renderDescription('Arrakis [x](javascript:alert(1))')).toBe('<p>Arrakis x</p>\n');
  });
});
