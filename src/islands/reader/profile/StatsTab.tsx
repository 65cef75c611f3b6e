/**
 * The profile's reading-stats tab (issue 12, point 9): books read per year and per month, genre share,
 * rating distribution and pages read, from GET /api/profile/reading-stats. Chart.js comes with
 * stats-charts.ts, imported when this tab first draws; every chart has its figures as a table too.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ReadingStatsSchema, type ReadingStats } from '../../../domain/schemas/reading-stats.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { lastTwelveMonths } from '../../../domain/reader/reading-stats.ts';
import { LoadFailed } from '../../account/fields.tsx';
import { LoadingSpinner } from '../../LoadingSpinner.tsx';
import { fill } from '../../account/texts.ts';
import { pluralKeys, pluralText } from '../../cards/format.ts';
import type { BarSeries } from './stats-charts.ts';

export const STATS_TEXT_KEYS = [
  'account.profile.stats.empty',
  'account.profile.stats.hint',
  'account.profile.stats.perYear',
  'account.profile.stats.perMonth',
  'account.profile.stats.genres',
  'account.profile.stats.ratings',
  'account.profile.stats.pages',
  ...pluralKeys('account.profile.stats.pagesValue'),
  ...pluralKeys('account.profile.stats.withoutPages'),
  'account.profile.stats.totals',
  'account.profile.stats.books',
  ...pluralKeys('account.profile.stats.stars'),
  'account.profile.stats.loadFailed',
  'account.profile.retry',
  'common.loading',
] as const;
export type StatsTexts = Readonly<Record<(typeof STATS_TEXT_KEYS)[number], string>>;

const CATEGORY_COLOUR_VARIABLES: Record<string, string> = {
  science_fiction: '--genre-science-fiction',
  fantasy: '--genre-fantasy',
  horror: '--genre-horror',
  crossover: '--genre-crossover',
  default: '--genre-default',
};

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; stats: ReadingStats };

export default function StatsTab({ client, locale, texts }: { client: ApiClient; locale: string; texts: StatsTexts }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const fetchStats = () => {
    setLoad({ state: 'loading' });
    client.get('/api/profile/reading-stats', { schema: ReadingStatsSchema }).then(
      (stats) => setLoad({ state: 'ready', stats }),
      () => setLoad({ state: 'failed' }),
    );
  };
  useEffect(fetchStats, []);

  if (load.state === 'loading') return <LoadingSpinner label={texts['common.loading']} />;
  if (load.state === 'failed') return <LoadFailed message={texts['account.profile.stats.loadFailed']} retryLabel={texts['account.profile.retry']} onRetry={fetchStats} />;
  const { stats } = load;
  const number = new Intl.NumberFormat(locale);
  const monthName = new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  const months = lastTwelveMonths(stats.readByMonth);
  const totals = fill(texts['account.profile.stats.totals'], {
    toRead: number.format(stats.totals.to_read),
    reading: number.format(stats.totals.reading),
    read: number.format(stats.totals.read),
  });
  const rated = stats.ratings.some((r) => r.count > 0);

  return (
    <div className="reading-stats">
      <p className="reading-stats__totals">{totals}</p>
      {stats.totals.read === 0 && !rated ? (
        <div className="empty-state">
          <p className="empty-state__title">{texts['account.profile.stats.empty']}</p>
          <p className="muted">{texts['account.profile.stats.hint']}</p>
        </div>
      ) : (
        <>
          <dl className="reading-stats__figures">
            <div>
              <dt>{texts['account.profile.stats.pages']}</dt>
              <dd>
                {pluralText(texts, 'account.profile.stats.pagesValue', locale, stats.pagesRead)}
                {stats.booksWithoutPages > 0 && <span className="muted"> {pluralText(texts, 'account.profile.stats.withoutPages', locale, stats.booksWithoutPages)}</span>}
              </dd>
            </div>
          </dl>
          {stats.readByYear.length > 0 && (
            <BarChart
              title={texts['account.profile.stats.perYear']}
              series={{ label: texts['account.profile.stats.books'], labels: stats.readByYear.map((y) => String(y.year)), values: stats.readByYear.map((y) => y.count) }}
              column={texts['account.profile.stats.books']}
            />
          )}
          {months.length > 0 && (
            <BarChart
              title={texts['account.profile.stats.perMonth']}
              series={{
                label: texts['account.profile.stats.books'],
                labels: months.map((m) => monthName.format(new Date(`${m.month}-01T00:00:00Z`))),
                values: months.map((m) => m.count),
              }}
              column={texts['account.profile.stats.books']}
            />
          )}
          {stats.genres.length > 0 && <GenreChart title={texts['account.profile.stats.genres']} genres={stats.genres} column={texts['account.profile.stats.books']} />}
          {rated && (
            <BarChart
              title={texts['account.profile.stats.ratings']}
              series={{
                label: texts['account.profile.stats.books'],
                labels: stats.ratings.map((r) => '★'.repeat(r.stars)),
                values: stats.ratings.map((r) => r.count),
              }}
              rowLabels={stats.ratings.map((r) => pluralText(texts, 'account.profile.stats.stars', locale, r.stars))}
              column={texts['account.profile.stats.books']}
            />
          )}
        </>
      )}
    </div>
  );
}

/** A chart's figure: the canvas for the eye, the same figures as a table for everyone else. */
function Figure({ title, rows, column, draw }: { title: string; rows: [string, number][]; column: string; draw: (canvas: HTMLCanvasElement) => Promise<() => void> }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const id = useId();
  useEffect(() => {
    let destroy: (() => void) | undefined;
    let live = true;
    if (canvas.current)
      void draw(canvas.current).then((d) => {
        if (live) destroy = d;
        else d();
      });
    return () => {
      live = false;
      destroy?.();
    };
  }, [rows.map((r) => r.join(':')).join('|')]);
  return (
    <figure className="reading-stats__chart" aria-labelledby={id}>
      <figcaption id={id}>{title}</figcaption>
      <div className="reading-stats__canvas">
        <canvas ref={canvas} aria-hidden="true" />
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>
                {value} {column}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function BarChart({ title, series, column, rowLabels }: { title: string; series: BarSeries; column: string; rowLabels?: string[] }) {
  const rows = series.labels.map((label, i): [string, number] => [rowLabels?.[i] ?? label, series.values[i] ?? 0]);
  return <Figure title={title} rows={rows} column={column} draw={async (canvas) => (await import('./stats-charts.ts')).drawBars(canvas, series)} />;
}

function GenreChart({ title, genres, column }: { title: string; genres: ReadingStats['genres']; column: string }) {
  const rows = genres.map((g): [string, number] => [g.name, g.count]);
  return (
    <Figure
      title={title}
      rows={rows}
      column={column}
      draw={async (canvas) => {
        const style = getComputedStyle(document.documentElement);
        const slices = genres.map((g) => ({ label: g.name, value: g.count, colour: style.getPropertyValue(CATEGORY_COLOUR_VARIABLES[g.category] ?? '--genre-default').trim() || '#a9b1c1' }));
        return (await import('./stats-charts.ts')).drawShares(canvas, slices);
      }}
    />
  );
}
