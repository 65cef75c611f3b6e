import { describe, expect, it } from 'vitest';
import { boundHistory, type HistoryMessage } from './context-window.ts';

const turn = (n: number, length = 10): HistoryMessage[] => [
  { role: 'user', content: `q${n}`.padEnd(length, '.') },
  { role: 'assistant', content: `a${n}`.padEnd(length, '.') },
];

describe('the context sent to the model', () => {
  it('keeps the newest messages, at most the number allowed', () => {
    const history = [1, 2, 3, 4].flatMap((n) => turn(n));
    expect(boundHistory(history, { messages: 4, characters: 1000 }).map((m) => m.content.slice(0, 2))).toEqual(['q3', 'a3', 'q4', 'a4']);
  });

  it('stops at the character budget and starts with a reader’s message', () => {
    const history = [1, 2, 3].flatMap((n) => turn(n, 100));
    const kept = boundHistory(history, { messages: 12, characters: 350 });
    expect(kept.map((m) => m.content.slice(0, 2))).toEqual(['q3', 'a3']);
  });

  it('sends nothing of a history that does not fit', () => {
    expect(boundHistory(turn(1, 5000), { messages: 12, characters: 4000 })).toEqual([]);
  });
});
