import { describe, expect, it } from 'vitest';
import { LINK_FREE_MAILS, LINK_MAX_GAP_SECONDS, LINK_PACE_FORGOTTEN_AFTER_SECONDS, linkMailDecision, linkMailGapSeconds } from './link-pacing.ts';

/** Account links are valid 30 minutes (spec §9), newsletter links 48 hours. */
const SHORTEST_LINK_SECONDS = 30 * 60;

describe('linkMailGapSeconds', () => {
  it('mails the first few at once, then waits a doubling gap up to 15 minutes', () => {
    for (let sent = 0; sent < LINK_FREE_MAILS; sent++) expect(linkMailGapSeconds(sent)).toBe(0);
    expect([3, 4, 5, 6, 7, 8].map(linkMailGapSeconds)).toEqual([60, 120, 240, 480, 900, 900]);
    expect(linkMailGapSeconds(10_000)).toBe(LINK_MAX_GAP_SECONDS);
  });

  it('never waits longer than a link lives, so the last link mailed still works whenever a request mails nothing', () => {
    expect(LINK_MAX_GAP_SECONDS).toBeLessThan(SHORTEST_LINK_SECONDS);
  });
});

describe('linkMailDecision', () => {
  const last = new Date('2026-11-25T10:00:00Z');
  const at = (seconds: number) => new Date(last.getTime() + seconds * 1000);

  it('mails the first one and counts from nothing', () => {
    expect(linkMailDecision(null, last)).toEqual({ send: true, sent: 0 });
  });

  it('mails nothing inside the gap and again once it has passed', () => {
    expect(linkMailDecision({ sent: 2, lastSentAt: last }, at(1))).toEqual({ send: true, sent: 2 });
    expect(linkMailDecision({ sent: 3, lastSentAt: last }, at(59))).toEqual({ send: false, sent: 3 });
    expect(linkMailDecision({ sent: 3, lastSentAt: last }, at(60))).toEqual({ send: true, sent: 3 });
  });

  it('starts afresh an hour after the last mail', () => {
    expect(linkMailDecision({ sent: 50, lastSentAt: last }, at(LINK_PACE_FORGOTTEN_AFTER_SECONDS))).toEqual({ send: true, sent: 0 });
  });
});
