import { describe, expect, it } from 'vitest';
import { sortNameOf } from './sort-name.ts';

describe('sortNameOf', () => {
  it.each([
    ['Ursula K. Le Guin', 'Guin, Ursula K. Le'],
    ['Ludwig van Beethoven', 'van Beethoven, Ludwig'],
    ['Charles de Lint', 'de Lint, Charles'],
    ['Frank Herbert', 'Herbert, Frank'],
    ['Moebius', 'Moebius'],
    ['  ', '  '],
  ])('%s → %s', (name, sorted) => {
    expect(sortNameOf(name)).toBe(sorted);
  });
});
