import { describe, expect, it } from 'vitest';
import { isEager, parseConditions } from './intent-conditions.ts';

const visit = { cookie: '', search: '', navigationType: 'navigate' };

describe('client:intent conditions', () => {
  it('reads the known conditions of a directive value and ignores the rest', () => {
    expect(parseConditions('session, query,return')).toEqual(['session', 'query', 'return']);
    expect(parseConditions('bogus,query')).toEqual(['query']);
    expect(parseConditions(true)).toEqual([]);
    expect(parseConditions(undefined)).toEqual([]);
  });

  it('waits for intent on a plain visit, hydrates at once when a condition holds', () => {
    expect(isEager(['session', 'query', 'return'], visit)).toBe(false);
    expect(isEager(['session'], { ...visit, cookie: 'phantastika_hint=U' })).toBe(true);
    expect(isEager(['query'], { ...visit, search: '?genre=Horror' })).toBe(true);
    expect(isEager(['query'], { ...visit, search: '?' })).toBe(false);
    expect(isEager(['return'], { ...visit, navigationType: 'back_forward' })).toBe(true);
    expect(isEager(['return'], { ...visit, navigationType: 'reload' })).toBe(true);
    expect(isEager([], { cookie: 'phantastika_hint=U', search: '?q=1', navigationType: 'reload' })).toBe(false);
  });
});
