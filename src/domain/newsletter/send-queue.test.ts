import { describe, expect, it } from 'vitest';
import { afterBatch, isSendStalled, mayIssue, SEND_BATCH_SIZE, SEND_UNCLAIMED_SECONDS, sendProgress } from './send-queue.ts';

const now = new Date('2026-11-28T10:00:00Z');
const secondsAgo = (s: number) => new Date(now.getTime() - s * 1000);

describe('what an issue allows', () => {
  it('a draft can be edited, test-mailed and sent', () => {
    expect(['edit', 'send', 'testMail'].map((a) => mayIssue('draft', a as never))).toEqual([true, true, true]);
  });

  it('a sending or sent issue keeps its text and is not sent twice, but can still be test-mailed', () => {
    for (const status of ['sending', 'sent'] as const) {
      expect(mayIssue(status, 'edit')).toBe(false);
      expect(mayIssue(status, 'send')).toBe(false);
      expect(mayIssue(status, 'testMail')).toBe(true);
    }
  });
});

describe('a stalled send', () => {
  it('is a sending issue whose lease ran out', () => {
    expect(isSendStalled({ status: 'sending', leaseUntil: secondsAgo(1), sendStartedAt: secondsAgo(600) }, now)).toBe(true);
    expect(isSendStalled({ status: 'sending', leaseUntil: secondsAgo(-60), sendStartedAt: secondsAgo(600) }, now)).toBe(false);
  });

  it('is one no worker took soon after its start', () => {
    expect(isSendStalled({ status: 'sending', leaseUntil: null, sendStartedAt: secondsAgo(SEND_UNCLAIMED_SECONDS + 1) }, now)).toBe(true);
    expect(isSendStalled({ status: 'sending', leaseUntil: null, sendStartedAt: secondsAgo(1) }, now)).toBe(false);
  });

  it('is never a draft or a sent issue', () => {
    expect(isSendStalled({ status: 'draft', leaseUntil: null, sendStartedAt: null }, now)).toBe(false);
    expect(isSendStalled({ status: 'sent', leaseUntil: secondsAgo(999), sendStartedAt: secondsAgo(999) }, now)).toBe(false);
  });
});

describe('the worker after a batch', () => {
  it('goes on after a full batch and finishes after a short one', () => {
    expect(afterBatch(SEND_BATCH_SIZE)).toBe('continue');
    expect(afterBatch(SEND_BATCH_SIZE - 1)).toBe('finish');
    expect(afterBatch(0)).toBe('finish');
    expect(afterBatch(2, 2)).toBe('continue');
  });
});

describe('send progress', () => {
  it('counts handled mails against the recipients counted at the start', () => {
    expect(sendProgress({ status: 'sending', recipients: 200, delivered: 50 })).toEqual({ done: 50, total: 200, percent: 25 });
    expect(sendProgress({ status: 'sending', recipients: 3, delivered: 2 })).toEqual({ done: 2, total: 3, percent: 66 });
  });

  it('is complete once sent, even when readers unsubscribed meanwhile and were skipped', () => {
    expect(sendProgress({ status: 'sent', recipients: 200, delivered: 197 })).toEqual({ done: 197, total: 197, percent: 100 });
  });

  it('is empty for a draft and for a send without recipients yet', () => {
    expect(sendProgress({ status: 'draft', recipients: 0, delivered: 0 })).toEqual({ done: 0, total: 0, percent: 0 });
    expect(sendProgress({ status: 'sending', recipients: 0, delivered: 0 })).toEqual({ done: 0, total: 0, percent: 0 });
  });
});
