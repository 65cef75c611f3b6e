/**
 * The stats tab's charts (issue 12, point 9), drawn with Chart.js. This module is imported only when
 * the stats tab opens (`import('./stats-charts.ts')` in StatsTab.tsx), so Chart.js never loads with the
 * profile page. Only the controllers the tab draws are registered (tree-shaken: bars and a doughnut).
 * The canvases are decorative for assistive technology: each chart has the same figures as a table.
 */
import { ArcElement, BarController, BarElement, CategoryScale, Chart, DoughnutController, Legend, LinearScale, Tooltip, type ChartConfiguration } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, DoughnutController, ArcElement, Legend, Tooltip);

/** The site's dark theme (src/styles/global.css), read from its custom properties. */
function theme(): { text: string; grid: string; accent: string } {
  const style = getComputedStyle(document.documentElement);
  const value = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return { text: value('--color-text-muted', '#a7b0c0'), grid: value('--color-border', '#2c3547'), accent: value('--color-accent', '#f0b95a') };
}

export interface BarSeries {
  labels: string[];
  values: number[];
  /** The data set's name (tooltips). */
  label: string;
}

/** A bar chart of whole numbers (books per year or month, ratings per star). */
export function drawBars(canvas: HTMLCanvasElement, series: BarSeries): () => void {
  const { text, grid, accent } = theme();
  const config: ChartConfiguration<'bar'> = {
    type: 'bar',
    data: { labels: series.labels, datasets: [{ label: series.label, data: series.values, backgroundColor: accent, borderRadius: 4 }] },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { display: false } },
      scales: {
        x: { ticks: { color: text }, grid: { color: grid } },
        y: { beginAtZero: true, ticks: { color: text, precision: 0 }, grid: { color: grid } },
      },
    },
  };
  const chart = new Chart(canvas, config);
  return () => chart.destroy();
}

/** A doughnut of shares (genres), each slice in its category's colour. */
export function drawShares(canvas: HTMLCanvasElement, slices: { label: string; value: number; colour: string }[]): () => void {
  const { text } = theme();
  const chart = new Chart(canvas, {
    type: 'doughnut',
    data: { labels: slices.map((s) => s.label), datasets: [{ data: slices.map((s) => s.value), backgroundColor: slices.map((s) => s.colour), borderWidth: 0 }] },
    options: { responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { position: 'bottom', labels: { color: text } } } },
  });
  return () => chart.destroy();
}
