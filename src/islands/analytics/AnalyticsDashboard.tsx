/**
 * /{locale}/admin/analytics (issue 14 point 3; spec §2 admin routes, §9 ranges): the figures of
 * GET /api/admin/analytics for 7, 30, 90 or 365 days. Each chart is a figure with its numbers as a
 * table beside it and a CSV download of them; Chart.js comes with dashboard-charts.ts, imported when
 * the first chart draws. Behind AdminGate (the spec's denial texts); the API checks the role again.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ANALYTICS_RANGES, toCsv, type AnalyticsRange } from '../../domain/analytics/dashboard.ts';
import { AnalyticsDashboardSchema, type AnalyticsDashboard as Dashboard } from '../../domain/schemas/analytics.ts';
import { LoadFailed } from '../account/fields.tsx';
import { LoadingSpinner } from '../LoadingSpinner.tsx';
import { ChoiceChips } from '../ChoiceChips.tsx';
import { accountClient, describeFailure, FAILURE_TEXT_KEYS } from '../account/form-support.ts';
import { fill, type Texts } from '../account/texts.ts';
import AdminGate, { GATE_TEXT_KEYS } from '../editorial/AdminGate.tsx';
import type { ChartSeries } from './dashboard-charts.ts';

export const ANALYTICS_TEXT_KEYS = [
  ...GATE_TEXT_KEYS,
  ...FAILURE_TEXT_KEYS,
  'admin.retry',
  'admin.analytics.range',
  'admin.analytics.rangeDays',
  'admin.analytics.retention',
  'admin.analytics.loadFailed',
  'admin.analytics.overTime',
  'admin.analytics.pageViews',
  'admin.analytics.visitors',
  'admin.analytics.modalOpens',
  'admin.analytics.interactions',
  'admin.analytics.interactionsByType',
  'admin.analytics.listAdds',
  'admin.analytics.ratings',
  'admin.analytics.reviews',
  'admin.analytics.newUsers',
  'admin.analytics.topBooks',
  'admin.analytics.topAuthors',
  'admin.analytics.topSeries',
  'admin.analytics.topGenres',
  'admin.analytics.topSearches',
  'admin.analytics.zeroSearches',
  'admin.analytics.zeroSearchesHint',
  'admin.analytics.colDay',
  'admin.analytics.colCount',
  'admin.analytics.colName',
  'admin.analytics.colQuery',
  'admin.analytics.colKind',
  'admin.analytics.csv',
  'admin.analytics.csvShort',
  'admin.analytics.topViewed',
  'admin.analytics.empty',
  'admin.analytics.tableOf',
  'admin.analytics.kind.listAdd',
  'admin.analytics.kind.rating',
  'admin.analytics.kind.review',
  'admin.analytics.kind.buyLink',
  'admin.analytics.kind.searchResult',
  'admin.analytics.kind.other',
] as const;
export type AnalyticsTexts = Texts<(typeof ANALYTICS_TEXT_KEYS)[number]>;

const KIND_KEYS: Record<string, (typeof ANALYTICS_TEXT_KEYS)[number]> = {
  list_add: 'admin.analytics.kind.listAdd',
  rating: 'admin.analytics.kind.rating',
  review: 'admin.analytics.kind.review',
  buy_link: 'admin.analytics.kind.buyLink',
  search_result: 'admin.analytics.kind.searchResult',
};

export interface AnalyticsDashboardProps {
  locale: string;
  texts: AnalyticsTexts;
  /** /{locale}/login */
  loginPath: string;
}

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; data: Dashboard };

/** Starts a download of a CSV file made in the page. */
function download(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** A figure's numbers: the first column names each row (a day, a book) and is its row header. */
interface Table {
  header: string[];
  rows: (string | number)[][];
}

/** A chart with its table beside it and the table as CSV (issue 14: "each chart with an accessible table beside it and a CSV export"). */
function ChartFigure({ title, hint, table, file, texts, draw, empty }: { title: string; hint?: string; table: Table; file: string; texts: AnalyticsTexts; draw: (canvas: HTMLCanvasElement) => Promise<() => void>; empty: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const id = useId();
  const signature = JSON.stringify(table.rows);
  useEffect(() => {
    if (empty || !canvas.current) return;
    let destroy: (() => void) | undefined;
    let live = true;
    void draw(canvas.current).then(
      (d) => {
        if (live) destroy = d;
        else d();
      },
      () => undefined, // without the chart the table still shows every figure
    );
    return () => {
      live = false;
      destroy?.();
    };
  }, [signature, empty]);
  return (
    <figure className="analytics-figure" aria-labelledby={`${id}-title`}>
      <figcaption className="analytics-figure__caption">
        <h3 id={`${id}-title`}>{title}</h3>
        {hint && <p className="muted">{hint}</p>}
        <button type="button" className="button button--secondary" onClick={() => download(file, toCsv(table.header, table.rows))} aria-label={fill(texts['admin.analytics.csv'], { title })}>
          {texts['admin.analytics.csvShort']}
        </button>
      </figcaption>
      {empty ? (
        <p className="muted analytics-figure__empty">{texts['admin.analytics.empty']}</p>
      ) : (
        <div className="analytics-figure__body">
          <div className="analytics-figure__canvas">
            <canvas ref={canvas} aria-hidden="true" />
          </div>
          <div className="analytics-figure__table" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
            <table className="admin-table">
              <caption id={`${id}-caption`} className="visually-hidden">
                {fill(texts['admin.analytics.tableOf'], { title })}
              </caption>
              <thead>
                <tr>
                  {table.header.map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, i) => (
                  <tr key={i}>
                    {row.map((cell, j) =>
                      j === 0 ? (
                        <th key={j} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={j}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </figure>
  );
}

function Figures({ data, locale, texts }: { data: Dashboard; locale: string; texts: AnalyticsTexts }) {
  const number = new Intl.NumberFormat(locale);
  const dayLabel = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const labels = data.days.map((d) => dayLabel.format(new Date(`${d}T00:00:00Z`)));
  const file = (name: string) => `phantastika-${name}-${data.range}d-${data.days.at(-1)}.csv`;
  const charts = () => import('./dashboard-charts.ts');
  const t = texts;

  const overTime = (name: string, title: string, series: ChartSeries[]) => {
    const total = series.reduce((sum, s) => sum + s.values.reduce((a, b) => a + b, 0), 0);
    return (
      <ChartFigure
        key={name}
        title={title}
        texts={t}
        file={file(name)}
        empty={total === 0}
        table={{ header: [t['admin.analytics.colDay'], ...series.map((s) => s.label)], rows: data.days.map((day, i) => [day, ...series.map((s) => s.values[i] ?? 0)]) }}
        draw={async (canvas) => (await charts()).drawLines(canvas, labels, series)}
      />
    );
  };

  const ranking = (name: string, title: string, column: string, rows: { label: string; count: number }[], hint?: string) => (
    <ChartFigure
      key={name}
      title={title}
      hint={hint}
      texts={t}
      file={file(name)}
      empty={rows.length === 0}
      table={{ header: [column, t['admin.analytics.colCount']], rows: rows.map((r) => [r.label, r.count]) }}
      draw={async (canvas) =>
        (await charts()).drawRanking(
          canvas,
          rows.map((r) => r.label),
          rows.map((r) => r.count),
          t['admin.analytics.colCount'],
        )
      }
    />
  );

  const s = data.series;
  const sum = (values: number[]) => number.format(values.reduce((a, b) => a + b, 0));
  return (
    <>
      <dl className="analytics-totals">
        {(
          [
            ['admin.analytics.pageViews', s.page_views],
            ['admin.analytics.modalOpens', s.modal_opens],
            ['admin.analytics.interactions', s.interactions],
            ['admin.analytics.newUsers', s.new_users],
          ] as const
        ).map(([key, values]) => (
          <div key={key}>
            <dt>{t[key]}</dt>
            <dd>{sum(values)}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="analytics-over-time" className="analytics-section">
        <h2 id="analytics-over-time">{t['admin.analytics.overTime']}</h2>
        {overTime('page-views', `${t['admin.analytics.pageViews']} · ${t['admin.analytics.visitors']}`, [
          { label: t['admin.analytics.pageViews'], values: s.page_views },
          { label: t['admin.analytics.visitors'], values: s.visitors },
        ])}
        {overTime('popup-opens', t['admin.analytics.modalOpens'], [{ label: t['admin.analytics.modalOpens'], values: s.modal_opens }])}
        {overTime('interactions', t['admin.analytics.interactions'], [{ label: t['admin.analytics.interactions'], values: s.interactions }])}
        {ranking(
          'interactions-by-kind',
          t['admin.analytics.interactionsByType'],
          t['admin.analytics.colKind'],
          data.interactionsByType.map((i) => ({ label: t[KIND_KEYS[i.type] ?? 'admin.analytics.kind.other'], count: i.count })),
        )}
        {overTime('reading', `${t['admin.analytics.listAdds']} · ${t['admin.analytics.ratings']} · ${t['admin.analytics.reviews']}`, [
          { label: t['admin.analytics.listAdds'], values: s.list_adds },
          { label: t['admin.analytics.ratings'], values: s.ratings },
          { label: t['admin.analytics.reviews'], values: s.reviews },
        ])}
        {overTime('new-users', t['admin.analytics.newUsers'], [{ label: t['admin.analytics.newUsers'], values: s.new_users }])}
      </section>
      <section aria-labelledby="analytics-top" className="analytics-section">
        <h2 id="analytics-top">{t['admin.analytics.topViewed']}</h2>
        {ranking('top-books', t['admin.analytics.topBooks'], t['admin.analytics.colName'], data.top.books.map((b) => ({ label: b.name, count: b.count })))}
        {ranking('top-authors', t['admin.analytics.topAuthors'], t['admin.analytics.colName'], data.top.authors.map((a) => ({ label: a.name, count: a.count })))}
        {ranking('top-series', t['admin.analytics.topSeries'], t['admin.analytics.colName'], data.top.series.map((a) => ({ label: a.name, count: a.count })))}
        {ranking('top-genres', t['admin.analytics.topGenres'], t['admin.analytics.colName'], data.top.genres.map((g) => ({ label: g.name, count: g.count })))}
      </section>
      <section aria-labelledby="analytics-searches" className="analytics-section">
        <h2 id="analytics-searches">{t['admin.analytics.topSearches']}</h2>
        {ranking('top-searches', t['admin.analytics.topSearches'], t['admin.analytics.colQuery'], data.searches.map((q) => ({ label: q.query, count: q.count })))}
        {ranking('zero-result-searches', t['admin.analytics.zeroSearches'], t['admin.analytics.colQuery'], data.zeroResultSearches.map((q) => ({ label: q.query, count: q.count })), t['admin.analytics.zeroSearchesHint'])}
      </section>
      <p className="muted">{fill(t['admin.analytics.retention'], { days: data.retentionDays })}</p>
    </>
  );
}

function Dashboard({ locale, texts }: AnalyticsDashboardProps) {
  const [range, setRange] = useState<AnalyticsRange>(30);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const fetchData = useCallback(
    (days: AnalyticsRange) => {
      setLoad({ state: 'loading' });
      accountClient(locale)
        .get(`/api/admin/analytics?range=${days}`, { schema: AnalyticsDashboardSchema })
        .then(
          (data) => setLoad({ state: 'ready', data }),
          (error: unknown) => setLoad({ state: 'failed', message: `${texts['admin.analytics.loadFailed']} ${describeFailure(error, texts).message}` }),
        );
    },
    [locale, texts],
  );
  useEffect(() => fetchData(range), [range, fetchData]);

  return (
    <div className="analytics-dashboard">
      <ChoiceChips
        legend={texts['admin.analytics.range']}
        value={range}
        onChange={setRange}
        options={ANALYTICS_RANGES.map((days) => ({ value: days, label: fill(texts['admin.analytics.rangeDays'], { days }) }))}
      />
      <div aria-live="polite" aria-busy={load.state === 'loading'}>
        {load.state === 'loading' && <LoadingSpinner label={texts['common.loading']} />}
        {load.state === 'failed' && <LoadFailed message={load.message} retryLabel={texts['admin.retry']} onRetry={() => fetchData(range)} />}
      </div>
      {load.state === 'ready' && <Figures data={load.data} locale={locale} texts={texts} />}
    </div>
  );
}

export default function AnalyticsDashboard(props: AnalyticsDashboardProps) {
  return (
    <AdminGate texts={props.texts} loginPath={props.loginPath}>
      {() => <Dashboard {...props} />}
    </AdminGate>
  );
}
