/**
 * What the reader stores share: their API client, the sign-in rule, turning a failed call into a
 * toast, and the signal that a rating changed (spec §7: after a rating, the reading list, modal-data,
 * ratings and book data are refreshed, wherever the page shows them).
 */
import { map } from 'nanostores';
import { ApiClientError } from '../../../lib/api-client.ts';
import { accountClient, describeFailure, type FailureTexts } from '../../account/form-support.ts';
import { $session } from '../../stores/session.ts';
import { notify } from './toasts.ts';

/** The reader islands' client: Accept-Language of the page, envelope, spec §8 retries. */
export const readerClient = accountClient;
export type ReaderClient = ReturnType<typeof readerClient>;

/** True when the page knows nobody is signed in (spec §5: list, ratings and reviews need sign-in). */
export function knownSignedOut(): boolean {
  return $session.get() === 'signed-out';
}

/** A 401: the session ended or never was; the page shows the sign-in prompt instead of a toast. */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiClientError && error.status === 401;
}

/** Shows a failure toast: the spec's message (§8) and, below it, the server's localized reason. */
export function notifyFailure(title: string, error: unknown, texts: FailureTexts & Record<string, string>): void {
  const reason = describeFailure(error, texts).message;
  notify({ kind: 'failure', title, description: reason && reason !== title ? reason : undefined });
}

/**
 * Changes of the ratings of a book or author ('book:42', 'author:7'). A store that changed a rating
 * announces it; every other store showing that subject reloads (the hero's stars after a review was
 * saved in the reviews tab, the review list after the pop-up's stars). The announcing store refreshes
 * itself and is not called back.
 */
export const $ratingChanges = map<Record<string, { version: number; origin: object }>>({});

export function ratingSubject(kind: 'book' | 'author', id: number): string {
  return `${kind}:${id}`;
}

export function announceRatingChange(subject: string, origin: object): void {
  $ratingChanges.setKey(subject, { version: ($ratingChanges.get()[subject]?.version ?? 0) + 1, origin });
}

/** Calls `reload` whenever another origin announces a change of `subject`; returns the unsubscribe. */
export function onRatingChange(subject: string, self: object, reload: () => void): () => void {
  let seen = $ratingChanges.get()[subject]?.version ?? 0;
  return $ratingChanges.listen((changes) => {
    const change = changes[subject];
    if (!change || change.version === seen) return;
    seen = change.version;
    if (change.origin !== self) reload();
  });
}
