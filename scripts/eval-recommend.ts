/**
 * `npm run eval:recommend`: the catalogue recommender's quality (issue 15 point 5). Not a test: it
 * prints figures and exits non-zero when the recommender does not beat the baseline on every line.
 *
 * Leave-one-out on the seed catalogue: for every book that belongs to a series or shares an award
 * shortlist, the book is hidden (it is the answer, never the question) and the recommender is asked
 * for 10 books for a reader who liked one neighbour of it (similarBooks, the scoring of
 * recommendBooks seeded with that book):
 * - next in series: the previous book of its series (the highest position below its own);
 * - same author: another book of its first author, the nearest in publication year (then earlier, then id);
 * - same shortlist: its earliest shortlist's winner (or, when it won, that list's first other book by id).
 * Hit rate at 10: the share of cases whose hidden book is among the 10. Beside it the popularity
 * baseline: the 10 most-awarded books (wins, then nominations, then id) other than the neighbour.
 * With EVAL_TEXT=1 a sample (EVAL_TEXT_SAMPLE per line, default 150) also asks recommendBooks in
 * words ("something like {English title}"), which adds the recognition of the title.
 *
 * Data: its own database, `phantastika_bench_recommend` (BENCH_DATABASE) on the configured server
 * (DATABASE_URL, else the embedded PostgreSQL), migrated and seeded with the real catalogue like the
 * bench scripts (scripts/bench-support.ts benchDatabaseUrl). The seed has no ratings, so the
 * co-rating part of the score is not measured here (tests/integration/recommend.test.ts covers it).
 *
 *   npm run eval:recommend
 *   EVAL_LIMIT=300 npm run eval:recommend      # an evenly spaced sample of 300 cases per line
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run eval:recommend
 */
import './local-runtime.ts';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { connect } from '../db/client.ts';
import { stopOwnedEmbeddedServers } from '../db/embedded.ts';
import { recommendBooks, similarBooks } from '../db/queries/recommend.ts';
import { benchDatabaseUrl, cpuMs, percentile } from './bench-support.ts';

const DATABASE = process.env.BENCH_DATABASE ?? 'phantastika_bench_recommend';
const K = 10;
const LIMIT = process.env.EVAL_LIMIT ? Number(process.env.EVAL_LIMIT) : Infinity;
const TEXT = process.env.EVAL_TEXT === '1';
const TEXT_SAMPLE = Number(process.env.EVAL_TEXT_SAMPLE ?? 150);
const LANES = Number(process.env.EVAL_LANES ?? 2);

interface Case {
  line: 'next in series' | 'same author' | 'same shortlist';
  hidden: number;
  neighbour: number;
  neighbourTitle: string;
}

/** An evenly spaced sample of at most n cases (all when n is Infinity). */
const sample = <T>(list: T[], n: number): T[] => (list.length <= n ? list : Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]!));

const url = await benchDatabaseUrl(DATABASE);
const connection = connect(url, { max: LANES, statementMs: 0 });
const db = connection.db;
try {
  const eligible = sql`(SELECT book_id FROM book_series UNION
      SELECT ba.book_id FROM book_awards ba WHERE EXISTS (
        SELECT 1 FROM book_awards o WHERE o.award_id = ba.award_id AND o.category_id IS NOT DISTINCT FROM ba.category_id AND o.year = ba.year AND o.book_id <> ba.book_id))`;
  const cases = (await db.execute(sql`
    WITH eligible AS ${eligible},
    series_prev AS (
      SELECT DISTINCT ON (x.book_id) 'next in series' AS line, x.book_id AS hidden, p.book_id AS neighbour
      FROM book_series x JOIN book_series p ON p.series_id = x.series_id AND p.position < x.position
      ORDER BY x.book_id, p.position DESC, p.book_id
    ),
    first_entry AS (
      SELECT DISTINCT ON (ba.book_id) ba.book_id, ba.award_id, ba.category_id, ba.year
      FROM book_awards ba JOIN eligible e ON e.book_id = ba.book_id
      WHERE EXISTS (SELECT 1 FROM book_awards o WHERE o.award_id = ba.award_id AND o.category_id IS NOT DISTINCT FROM ba.category_id AND o.year = ba.year AND o.book_id <> ba.book_id)
      ORDER BY ba.book_id, ba.year, ba.award_id, ba.category_id
    ),
    shortlist AS (
      SELECT DISTINCT ON (f.book_id) 'same shortlist' AS line, f.book_id AS hidden, o.book_id AS neighbour
      FROM first_entry f JOIN book_awards o ON o.award_id = f.award_id AND o.category_id IS NOT DISTINCT FROM f.category_id AND o.year = f.year AND o.book_id <> f.book_id
      ORDER BY f.book_id, o.is_winner DESC, o.book_id
    ),
    author AS (
      SELECT DISTINCT ON (x.id) 'same author' AS line, x.id AS hidden, o.book_id AS neighbour
      FROM (SELECT b.id, b.publication_year, (SELECT ba.author_id FROM book_authors ba WHERE ba.book_id = b.id ORDER BY ba.position, ba.author_id LIMIT 1) AS author_id
            FROM books b JOIN eligible e ON e.book_id = b.id) x
      JOIN book_authors o ON o.author_id = x.author_id AND o.book_id <> x.id JOIN books ob ON ob.id = o.book_id
      ORDER BY x.id, abs(coalesce(ob.publication_year, 0) - coalesce(x.publication_year, 0)), ob.publication_year, ob.id
    ),
    all_cases AS (
      SELECT * FROM series_prev WHERE hidden IN (SELECT book_id FROM eligible) UNION ALL SELECT * FROM author UNION ALL SELECT * FROM shortlist
    )
    SELECT c.line, c.hidden, c.neighbour, b.original_title AS "neighbourTitle" FROM all_cases c JOIN books b ON b.id = c.neighbour
    ORDER BY c.line, c.hidden`)).rows as unknown as Case[];

  const popular = (await db.execute(sql`
    SELECT b.id FROM books b LEFT JOIN book_stats p ON p.book_id = b.id
    ORDER BY coalesce(p.award_wins, 0) DESC, (SELECT count(*) FROM book_awards ba WHERE ba.book_id = b.id) DESC, b.id LIMIT ${K + 1}`)).rows.map((r) => (r as { id: number }).id);
  const baseline = (neighbour: number) => popular.filter((id) => id !== neighbour).slice(0, K);

  const lines = ['next in series', 'same author', 'same shortlist'] as const;
  const times: number[] = [];
  const cpuBefore = cpuMs(process.pid, DATABASE);
  const rows = [];
  let met = true;
  for (const line of lines) {
    const all = cases.filter((c) => c.line === line);
    const chosen = sample(all, LIMIT);
    let hits = 0;
    let baseHits = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: LANES }, async () => {
        while (next < chosen.length) {
          const c = chosen[next++]!;
          const t0 = performance.now();
          const books = await similarBooks(db, c.neighbour, { locale: 'en', userId: null, limit: K });
          times.push(performance.now() - t0);
          if (books.some((b) => b.bookId === c.hidden)) hits++;
          if (baseline(c.neighbour).includes(c.hidden)) baseHits++;
        }
      }),
    );
    const row: Record<string, unknown> = {
      line,
      cases: chosen.length,
      recommenderHitRate: +(hits / chosen.length).toFixed(3),
      baselineHitRate: +(baseHits / chosen.length).toFixed(3),
    };
    if (TEXT) {
      const textCases = sample(chosen, TEXT_SAMPLE);
      let textHits = 0;
      for (const c of textCases) {
        const answer = await recommendBooks(db, { text: `something like ${c.neighbourTitle}`, locale: 'en', userId: null, limit: K });
        if (answer.books.some((b) => b.bookId === c.hidden)) textHits++;
      }
      row.textCases = textCases.length;
      row.textHitRate = +(textHits / textCases.length).toFixed(3);
    }
    row.beatsBaseline = (row.recommenderHitRate as number) > (row.baselineHitRate as number);
    met &&= row.beatsBaseline as boolean;
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  const cpuAfter = cpuMs(process.pid, DATABASE);
  times.sort((a, b) => a - b);
  // Wall time suffers from whatever else shares the cores; CPU per call (this process and the database backends) barely moves.
  const perCall = (ms: number) => +(ms / times.length).toFixed(2);
  const cpu = cpuBefore && cpuAfter ? { cpuPerCallNode: perCall(cpuAfter.server - cpuBefore.server), cpuPerCallDatabase: perCall(cpuAfter.database - cpuBefore.database) } : {};
  console.log(JSON.stringify({ label: 'similarBooks time (ms)', calls: times.length, p50: +percentile(times, 50).toFixed(1), p95: +percentile(times, 95).toFixed(1), max: +times.at(-1)!.toFixed(1), ...cpu }));
  // The requests of the issue, each REQUEST_RUNS times after one unmeasured run.
  const REQUEST_RUNS = Number(process.env.REQUEST_RUNS ?? 20);
  for (const [text, locale] of [['something like Hyperion but shorter', 'en'], ['Ich mochte Die linke Hand der Dunkelheit, was noch?', 'de'], ['qualcosa come Dune', 'it'], ['Ich mochte Die linke Hand der Dunkelhiet, was noch?', 'de']] as const) {
    await recommendBooks(db, { text, locale, userId: null });
    const before = cpuMs(process.pid, DATABASE);
    const runs: number[] = [];
    for (let i = 0; i < REQUEST_RUNS; i++) {
      const t0 = performance.now();
      await recommendBooks(db, { text, locale, userId: null });
      runs.push(performance.now() - t0);
    }
    const after = cpuMs(process.pid, DATABASE);
    runs.sort((a, b) => a - b);
    const per = (ms: number) => +(ms / REQUEST_RUNS).toFixed(2);
    console.log(JSON.stringify({ label: `recommendBooks "${text}" (ms)`, min: +runs[0]!.toFixed(1), p50: +percentile(runs, 50).toFixed(1), max: +runs.at(-1)!.toFixed(1), ...(before && after ? { cpuPerCallNode: per(after.server - before.server), cpuPerCallDatabase: per(after.database - before.database) } : {}) }));
  }
  console.log(JSON.stringify({ label: 'machine', cpus: os.availableParallelism(), loadAverage1m: +os.loadavg()[0]!.toFixed(2) }));
  console.table(rows);
  console.log(met ? 'The recommender beats the popularity baseline on every line.' : 'The recommender does NOT beat the popularity baseline on every line.');
  process.exitCode = met ? 0 : 1;
} finally {
  await connection.close();
  await stopOwnedEmbeddedServers();
}
