import { describe, expect, it } from 'vitest';
import { recommenderAnswer, type RecommenderTexts } from './recommender-answer.ts';

const texts: RecommenderTexts = { label: 'Empfehlungen des Katalogs:', nothing: 'Nichts gefunden.', by: 'von {authors}', note: null };

describe('the recommender’s answer in the chat', () => {
  it('links every book to its page in the reader’s language, with authors and explanation', () => {
    const answer = recommenderAnswer('de', [{ slug: 'dune', title: 'Der Wüstenplanet', authors: ['Frank Herbert'], explanation: 'Ebenfalls von Frank Herbert.' }], texts);
    expect(answer).toBe('Empfehlungen des Katalogs:\n\n- [Der Wüstenplanet](/de/books/dune), von Frank Herbert: Ebenfalls von Frank Herbert.');
  });

  it('puts the note of a failed model first and says so when nothing matched', () => {
    expect(recommenderAnswer('en', [], { ...texts, note: 'The AI is unavailable.' })).toBe('The AI is unavailable.\n\nNichts gefunden.');
  });

  it('keeps brackets in a title from breaking its link', () => {
    expect(recommenderAnswer('en', [{ slug: 'x', title: 'A [B] C', authors: [], explanation: 'E.' }], texts)).toContain('[A  B  C](/en/books/x): E.');
  });
});
