/**
 * The analytics dashboard's charts (issue 14 point 3) with Chart.js, as the profile's reading stats
 * draw theirs (docs/decisions/0009-reading-stats-charts.md). Imported only by the dashboard when it
 * first draws (`import('./dashboard-charts.ts')`), so no other page loads Chart.js. Canvases are
 * hidden from assistive technology: each chart has its figures as a table beside it.
 */
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartDataset } from 'chart.js';

Chart.register(LineController, LineElement, PointElement, BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Colours of the site's dark theme (src/styles/global.css) and two more for second and third lines. */
function theme() {
  const style = getComputedStyle(document.documentElement);
  const value = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: value('--color-text-muted', '#a7b0c0'),
    grid: value('--color-border', '#2c3547'),
    series: [value('--color-accent', '#f0b95a'), value('--genre-science-fiction', '#6cb6ff'), value('--genre-fantasy', '#c39bff')],
  };
}

export interface ChartSeries {
  label: string;
  values: number[];
}

/** Lines over days (page views and visitors, reading-list additions, ratings and reviews, …). */
export function drawLines(canvas: HTMLCanvasElement, labels: string[], series: ChartSeries[]): () => void {
  const { text, grid, series: colours } = theme();
  const datasets: ChartDataset<'line'>[] = series.map((s, i) => ({ label: s.label, data: s.values, borderColor: colours[i % colours.length], backgroundColor: colours[i % colours.length], pointRadius: labels.length > 31 ? 0 : 2, borderWidth: 2, tension: 0.2 }));
  const chart = new Chart(canvas, {
    type: 'line',
    data: { labels, datasets },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'index', intersect: false },
      plugins: { legend: { display: series.length > 1, labels: { color: text } } },
      scales: {
        x: { ticks: { color: text, maxTicksLimit: 8, maxRotation: 0 }, grid: { color: grid } },
        y: { beginAtZero: true, ticks: { color: text, precision: 0 }, grid: { color: grid } },
      },
    },
  });
  return () => chart.destroy();
}

/** Horizontal bars of a ranking (top books, searches, interactions by kind). */
export function drawRanking(canvas: HTMLCanvasElement, labels: string[], values: number[], label: string): () => void {
  const { text, grid, series } = theme();
  const chart = new Chart(canvas, {
    type: 'bar',
    data: { labels: labels.map((l) => (l.length > 28 ? `${l.slice(0, 27)}…` : l)), datasets: [{ label, data: values, backgroundColor: series[0], borderRadius: 3 }] },
    options: {
      indexAxis: 'y',
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { display: false } },
      scales: {
        x: { beginAtZero: true, ticks: { color: text, precision: 0 }, grid: { color: grid } },
        y: { ticks: { color: text }, grid: { display: false } },
      },
    },
  });
  return () => chart.destroy();
}
