import { describe, expect, it } from 'vitest';
import { isScheduledEventBody, isSchedulerInvocation, type InvocationFacts } from './scheduled-invocation.ts';

const scheduler = (overrides: Partial<InvocationFacts> = {}): InvocationFacts => ({
  local: false,
  method: 'POST',
  body: { next_run: '2026-03-10T13:00:00.000Z' },
  deploy: { context: 'production', published: true },
  ...overrides,
});

describe('a scheduled function works', () => {
  it("when Netlify's scheduler calls the published production deploy", () => {
    expect(isSchedulerInvocation(scheduler())).toBe(true);
  });
  it("when the local runtime's timer calls it", () => {
    expect(isSchedulerInvocation(scheduler({ local: true, deploy: { context: 'dev', published: false } }))).toBe(true);
  });
});

describe('a scheduled function does nothing', () => {
  it('for a plain GET of its URL, in production or locally', () => {
    expect(isSchedulerInvocation(scheduler({ method: 'GET', body: undefined }))).toBe(false);
    expect(isSchedulerInvocation(scheduler({ local: true, method: 'GET', body: undefined }))).toBe(false);
  });
  it('for a POST without a next_run time', () => {
    expect(isSchedulerInvocation(scheduler({ body: undefined }))).toBe(false);
    expect(isSchedulerInvocation(scheduler({ body: {} }))).toBe(false);
    expect(isSchedulerInvocation(scheduler({ body: { next_run: 'soon' } }))).toBe(false);
  });
  it('on a deploy preview, a branch deploy or an unpublished deploy, whose URLs Netlify does route to it', () => {
    expect(isSchedulerInvocation(scheduler({ deploy: { context: 'deploy-preview', published: false } }))).toBe(false);
    expect(isSchedulerInvocation(scheduler({ deploy: { context: 'branch-deploy', published: false } }))).toBe(false);
    expect(isSchedulerInvocation(scheduler({ deploy: { context: 'production', published: false } }))).toBe(false);
  });
  it('in production without a Netlify context to say which deploy this is', () => {
    expect(isSchedulerInvocation(scheduler({ deploy: undefined }))).toBe(false);
  });
});

describe('the scheduled event body', () => {
  it('is an object with a next_run time', () => {
    expect(isScheduledEventBody({ next_run: '2026-03-10T13:00:00Z' })).toBe(true);
    expect(isScheduledEventBody([{ next_run: '2026-03-10T13:00:00Z' }])).toBe(false);
    expect(isScheduledEventBody({ next_run: 1 })).toBe(false);
    expect(isScheduledEventBody(null)).toBe(false);
  });
});
