/**
 * What the account forms share (issue 4, item 3): the API client they talk through, the client-side
 * email check, and turning an API failure into one form message plus messages per field.
 * Browser-side and text-free: every text comes from the page as a prop (src/islands/README.md).
 */
import { ApiClientError, createApiClient } from '../../lib/api-client.ts';

/**
 * Longest Retry-After the forms wait out silently. The client would otherwise honour the login limit's
 * Retry-After of up to 15 minutes with a spinner; beyond this we stop and say 'too many attempts'.
 */
export const MAX_SILENT_RETRY_WAIT_MS = 3_000;

/** Raised instead of a long wait for a 429's Retry-After. */
export class RetryTooLateError extends Error {
  readonly waitMs: number;

  constructor(waitMs: number) {
    super('rate limited');
    this.name = 'RetryTooLateError';
    this.waitMs = waitMs;
  }
}

/** The API client of the account islands, in the page language. */
export function accountClient(locale: string) {
  return createApiClient({
    language: () => locale,
    sleep: (ms) => (ms > MAX_SILENT_RETRY_WAIT_MS ? Promise.reject(new RetryTooLateError(ms)) : new Promise((resolve) => setTimeout(resolve, ms))),
  });
}

/**
 * A pragmatic shape check (something@domain.tld, no spaces); the server's check stays the authority and
 * its 'validation.email' lands on the same field.
 */
export function isPlausibleEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);
}

/** Texts every form needs for failures; the pages pass them in. */
export const FAILURE_TEXT_KEYS = ['account.error.network', 'account.error.unknown', 'api.error.rateLimited', 'api.error.internal'] as const;
export type FailureTexts = Record<(typeof FAILURE_TEXT_KEYS)[number], string>;

export interface Failure {
  /** For the form's alert: the server's localized message, or ours for network trouble. */
  message: string;
  /** Messages per field path ('email', 'password', …), translated from the details' message keys. */
  fields: Record<string, string>;
  status: number;
  code?: string;
  /** Every message key of the details per field path, untranslated (e.g. ['validation.token.expired']). */
  keys: Record<string, string[]>;
}

/**
 * Splits a failed call into the form message and field messages. `texts` holds the translations of
 * the message keys the page expects (validation.*); an unknown key leaves the field to the form message.
 */
export function describeFailure(error: unknown, texts: FailureTexts & Record<string, string>): Failure {
  if (error instanceof RetryTooLateError) return { message: texts['api.error.rateLimited'], fields: {}, keys: {}, status: 429, code: 'RATE_LIMITED' };
  if (!(error instanceof ApiClientError)) return { message: texts['account.error.unknown'], fields: {}, keys: {}, status: 0 };
  // The client reports a failed fetch as status 500 without a code (spec §7 'Network Error').
  if (!error.code && error.message === 'Network Error') return { message: texts['account.error.network'], fields: {}, keys: {}, status: 0 };
  // A 5xx without our envelope (a proxy, a crashed function) only has an English status text.
  if (!error.code && error.status >= 500) return { message: texts['api.error.internal'], fields: {}, keys: {}, status: error.status };
  const fields: Record<string, string> = {};
  const keys: Record<string, string[]> = {};
  for (const detail of error.details ?? []) {
    (keys[detail.path] ??= []).push(detail.key);
    const text = texts[detail.key];
    if (text && !fields[detail.path]) fields[detail.path] = text;
  }
  return { message: error.message || texts['account.error.unknown'], fields, keys, status: error.status, code: error.code };
}

/**
 * A failed request for a new verification link: the error catalogue's "Failed to send verification
 * email" (spec §8; issue 29 point 26). Too many requests and a wrong address keep their own messages,
 * which say what to do; network and server trouble get the catalogue's text.
 */
export function describeVerificationMailFailure(error: unknown, texts: VerificationMailTexts & Record<string, string>): Failure {
  const result = describeFailure(error, texts);
  if (result.status >= 400 && result.status < 500) return result;
  return { ...result, message: texts['account.error.verificationMail'] };
}
export const VERIFICATION_MAIL_TEXT_KEYS = [...FAILURE_TEXT_KEYS, 'account.error.verificationMail'] as const;
export type VerificationMailTexts = Record<(typeof VERIFICATION_MAIL_TEXT_KEYS)[number], string>;

/** The visitor's current address inside the site, for ?next= links. */
export function currentPathWithQuery(): string {
  return `${window.location.pathname}${window.location.search}`;
}
