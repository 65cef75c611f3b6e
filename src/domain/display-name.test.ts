import { describe, expect, it } from 'vitest';
import { ANONYMOUS_DISPLAY_NAME, avatarInitial, displayName, type NamedUser } from './display-name.ts';

const user = (overrides: NamedUser = {}): NamedUser => ({ firstName: null, lastName: null, email: null, ...overrides });

describe('displayName', () => {
  it('is first and last name when both are set', () => {
    expect(displayName(user({ firstName: 'Frank', lastName: 'Herbert', email: 'frank@example.org' }))).toBe('Frank Herbert');
  });

  it('is the first name when there is no last name', () => {
    expect(displayName(user({ firstName: 'Frank', email: 'frank@example.org' }))).toBe('Frank');
  });

  it('is the part of the email before the @ when there is no first name', () => {
    expect(displayName(user({ lastName: 'Herbert', email: 'f.herbert@example.org' }))).toBe('f.herbert');
  });

  it("is 'Anonymous User' when nothing is known", () => {
    expect(displayName(user())).toBe('Anonymous User');
    expect(displayName({})).toBe(ANONYMOUS_DISPLAY_NAME);
  });

  it('ignores blank and padded values', () => {
    expect(displayName(user({ firstName: '  Frank ', lastName: ' ' }))).toBe('Frank');
    expect(displayName(user({ firstName: ' ', email: ' @example.org' }))).toBe('Anonymous User');
  });
});

describe('avatarInitial', () => {
  it('is the uppercase initial of the first name', () => {
    expect(avatarInitial(user({ firstName: 'frank', email: 'zed@example.org' }))).toBe('F');
  });

  it('is the uppercase initial of the email when there is no first name', () => {
    expect(avatarInitial(user({ lastName: 'Herbert', email: 'zed@example.org' }))).toBe('Z');
  });

  it("is '?' when there is neither", () => {
    expect(avatarInitial(user())).toBe('?');
    expect(avatarInitial(user({ firstName: '  ' }))).toBe('?');
  });

  it('handles umlauts and characters outside the BMP', () => {
    expect(avatarInitial(user({ firstName: 'äsa' }))).toBe('Ä');
    expect(avatarInitial(user({ firstName: 'ßigurd' }))).toBe('S');
    expect(avatarInitial(user({ firstName: '𝒜da' }))).toBe('𝒜');
  });
});
