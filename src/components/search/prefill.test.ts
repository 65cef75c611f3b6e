import { describe, expect, it } from 'vitest';
import { prefillScript } from './prefill.ts';

/** Runs the inline script against a stand-in page: only what it is given, as in the browser. */
function run(search: string, inputValue = '') {
  const input = { value: inputValue };
  const prepended: { className: string; textContent: string }[] = [];
  const results = { prepend: (node: { className: string; textContent: string }) => prepended.push(node) };
  const document = {
    querySelector: (selector: string) => (selector.includes('[data-search-results]') ? results : selector.includes('input') ? input : null),
    createElement: () => ({ className: '', textContent: '' }),
  };
  new Function('location', 'document', 'URLSearchParams', prefillScript('Results for “{query}” </script>'))({ search }, document, URLSearchParams);
  return { input: input.value, headings: prepended };
}

describe('the inline first paint of /search', () => {
  it('puts the normalised query into the box and the heading, using nothing from outside', () => {
    const { input, headings } = run('?q=%20%20Der%20%20W%C3%BCstenplanet');
    expect(input).toBe('Der Wüstenplanet');
    expect(headings).toEqual([{ className: 'search-results__heading', textContent: 'Results for “Der Wüstenplanet” </script>' }]);
  });

  it('does nothing without a query, and keeps what the box holds', () => {
    expect(run('?q=%20')).toEqual({ input: '', headings: [] });
    expect(run('?q=dune', 'typed').input).toBe('typed');
  });

  it('cannot close its script element', () => {
    expect(prefillScript('a </script> b')).not.toContain('</script>');
  });
});
