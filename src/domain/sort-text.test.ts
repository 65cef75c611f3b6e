import { describe, expect, it } from 'vitest';
import { compareText } from './sort-text.ts';

const sortIn = (locale: string, items: string[]) => [...items].sort((a, b) => compareText(a, b, locale));

describe('compareText', () => {
  it('files German umlauts with their base letter', () => {
    expect(sortIn('de', ['Zebra', 'Österreich', 'Ärger', 'Ofen', 'Bär'])).toEqual(['Ärger', 'Bär', 'Ofen', 'Österreich', 'Zebra']);
  });

  it('treats letters that differ only by accent or case as equal', () => {
    expect(compareText('Äpfel', 'apfel', 'de')).toBe(0);
    expect(compareText('città', 'Citta', 'it')).toBe(0);
  });

  it('orders numbers inside text by value', () => {
    expect(sortIn('en', ['Book 10', 'Book 2', 'Book 1'])).toEqual(['Book 1', 'Book 2', 'Book 10']);
  });

  it('does not ignore leading articles', () => {
    expect(sortIn('en', ['The Zebra', 'Apple'])).toEqual(['Apple', 'The Zebra']);
  });

  it('returns a negative number, zero or a positive number like a comparator', () => {
    expect(compareText('a', 'b', 'en')).toBeLessThan(0);
    expect(compareText('b', 'a', 'en')).toBeGreaterThan(0);
    expect(compareText('a', 'a', 'en')).toBe(0);
  });
});
