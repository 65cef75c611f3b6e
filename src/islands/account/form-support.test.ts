import { describe, expect, it } from 'vitest';
import { ApiClientError } from '../../lib/api-client.ts';
import { RetryTooLateError, describeFailure, describeVerificationMailFailure, isPlausibleEmail } from './form-support.ts';

const texts = {
  'account.error.network': 'Network error.',
  'account.error.unknown': 'Something went wrong.',
  'api.error.rateLimited': 'Too many attempts.',
  'api.error.internal': 'Server error. Please try again later.',
  'account.error.verificationMail': 'The confirmation email could not be sent.',
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

// Spec §8 "Failed to send verification email" (issue 29 point 26).
describe('describeVerificationMailFailure', () => {
  it('says the confirmation email could not be sent after a network error or a server error', () => {
    expect(describeVerificationMailFailure(new ApiClientError('Network Error', 500), texts).message).toBe('The confirmation email could not be sent.');
    expect(describeVerificationMailFailure(new ApiClientError('Server error.', 503, 'UNAVAILABLE'), texts).message).toBe('The confirmation email could not be sent.');
  });

  it('keeps the messages that say what to do: too many requests, a wrong address', () => {
    expect(describeVerificationMailFailure(new RetryTooLateError(900_000), texts).message).toBe('Too many attempts.');
    const invalid = new ApiClientError('Please check your input.', 400, 'VALIDATION', [{ path: 'email', message: 'x', key: 'validation.email' }]);
    expect(describeVerificationMailFailure(invalid, texts)).toMatchObject({ message: 'Please check your input.', fields: { email: 'Please enter a valid email address.' } });
  });
});
