import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../lib/api-client.ts';
import { RetryTooLateError, describeFailure, isPlausibleEmail } from './form-support.ts';

const texts = {
  'account.error.network': 'Network error.',
  'account.error.unknown': 'Something went wrong.',
  'api.error.rateLimited': 'Too many attempts.',
  'api.error.internal': 'Server error. Please try again later.',
  'validation.email': 'Please enter a valid email address.',
  'validation.password.tooShort': 'At least 12 characters.',
  'validation.password.special': 'A special character.',
};

describe('isPlausibleEmail', () => {
  it.each(['reader@example.org', '  reader@example.org ', 'a.b+c@sub.example.co.uk'])('accepts %s', (email) => {
    expect(isPlausibleEmail(email)).toBe(true);
  });
  it.each(['', 'reader', 'reader@', '@example.org', 'reader@example', 'rea der@example.org', 'reader@example..org', 'a@b@c.org'])('rejects %j', (email) => {
    expect(isPlausibleEmail(email)).toBe(false);
  });
});

describe('describeFailure', () => {
  it('keeps the server message and translates the details per field', () => {
    const error = new ApiClientError('Please check your input.', 400, 'VALIDATION', [
      { path: 'email', message: 'translated', key: 'validation.email' },
      { path: 'password', message: 'translated', key: 'validation.password.tooShort' },
      { path: 'password', message: 'translated', key: 'validation.password.special' },
    ]);
    expect(describeFailure(error, texts)).toEqual({
      message: 'Please check your input.',
      status: 400,
      code: 'VALIDATION',
      fields: { email: 'Please enter a valid email address.', password: 'At least 12 characters.' },
      keys: { email: ['validation.email'], password: ['validation.password.tooShort', 'validation.password.special'] },
    });
  });

  it('leaves unknown detail keys to the form message', () => {
    const error = new ApiClientError('This link has expired.', 400, 'VALIDATION', [{ path: 'token', message: 'translated', key: 'validation.token.expired' }]);
    const failure = describeFailure(error, texts);
    expect(failure.fields).toEqual({});
    expect(failure.keys).toEqual({ token: ['validation.token.expired'] });
  });

  it('says network error when no answer came', () => {
    expect(describeFailure(new ApiClientError('Network Error', 500), texts)).toMatchObject({ message: 'Network error.', status: 0 });
  });

  it('translates a bare 5xx that has only a status text', () => {
    expect(describeFailure(new ApiClientError('Internal Server Error', 500), texts)).toMatchObject({ message: 'Server error. Please try again later.', status: 500 });
  });

  it('says too many attempts instead of waiting out a long Retry-After', () => {
    expect(describeFailure(new RetryTooLateError(900_000), texts)).toMatchObject({ message: 'Too many attempts.', status: 429 });
  });

  it('falls back to the unknown-error text for anything else', () => {
    expect(describeFailure(new TypeError('boom'), texts).message).toBe('Something went wrong.');
  });
});
