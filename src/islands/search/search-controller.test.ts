import { describe, expect, it } from 'vitest';
import { EMPTY_RESULTS, type SearchResults } from '../../domain/search-results.ts';
import { createSearchController, type SearchState } from './search-controller.ts';

/** Timers and a fetch the test controls. */
function harness() {
  const timers: { fn: () => void; ms: number; id: number }[] = [];
  let nextId = 0;
  const calls: { query: string; signal: AbortSignal; resolve: (r: SearchResults) => void; reject: (e: unknown) => void }[] = [];
  const states: SearchState[] = [];
  const controller = createSearchController({
    fetchResults: (query, signal) => new Promise((resolve, reject) => calls.push({ query, signal, resolve, reject })),
    onChange: (state) => states.push(state),
    timers: {
      set: (fn, ms) => {
        timers.push({ fn, ms, id: ++nextId });
        return nextId;
      },
      clear: (id) => {
        const i = timers.findIndex((t) => t.id === id);
        if (i >= 0) timers.splice(i, 1);
      },
    },
  });
  const elapse = () => timers.splice(0).forEach((t) => t.fn());
  return { controller, timers, calls, states, elapse };
}

const results = (title: string): SearchResults => ({ ...EMPTY_RESULTS, books: [{ id: 1, slug: 's', title, originalTitle: title, authors: [], year: null, coverImage: null }] });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('search controller', () => {
  it('waits 300 ms after the last keystroke and sends one request', () => {
    const h = harness();
    h.controller.input('d');
    h.controller.input('du');
    h.controller.input('dun');
    expect(h.timers).toHaveLength(1);
    expect(h.timers[0]!.ms).toBe(300);
    h.elapse();
    expect(h.calls.map((c) => c.query)).toEqual(['dun']);
  });

  it('sends nothing for a blank query and goes idle', () => {
    const h = harness();
    h.controller.input('   ');
    expect(h.timers).toHaveLength(0);
    expect(h.states.at(-1)).toEqual({ status: 'idle', query: null });
  });

  it('sends a one-character query', () => {
    const h = harness();
    h.controller.input(' x ');
    h.elapse();
    expect(h.calls.map((c) => c.query)).toEqual(['x']);
  });

  it('drops a stale response that arrives after a newer one and aborts the older request', async () => {
    const h = harness();
    h.controller.input('du');
    h.elapse();
    h.controller.input('dune');
    h.elapse();
    const [older, newer] = h.calls;
    expect(older!.signal.aborted).toBe(true);
    newer!.resolve(results('Dune'));
    await flush();
    older!.resolve(results('Dune Messiah'));
    await flush();
    const done = h.states.filter((s) => s.status === 'done');
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ query: 'dune' });
  });

  it('reports an error only for the latest query', async () => {
    const h = harness();
    h.controller.input('abc');
    h.elapse();
    h.calls[0]!.reject(new Error('offline'));
    await flush();
    expect(h.states.at(-1)).toEqual({ status: 'error', query: 'abc' });
  });

  it('does not search again when only white space changed', () => {
    const h = harness();
    h.controller.input('dune');
    h.elapse();
    h.controller.input('dune ');
    expect(h.timers).toHaveLength(0);
    expect(h.calls).toHaveLength(1);
  });
});
