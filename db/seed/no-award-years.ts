/**
 * The seed's 'no award' years (issue 13 point 4; shared/data/README.md: "no-award years are real: show
 * them as they are"). The data files hold no record of a year an award was not given: only stats.md
 * names them, under "## Winner checks", as `- 1954: no award given — <why>` in a section
 * `### hugo / best-novel 1953–2025`. Its other lines (ties, "no entries at all", which is a gap in
 * the sources, not a year without an award) are not no-award years.
 */

export interface SeedNoAwardYear {
  /** The award's and the category's keys (awards.json). */
  award: string;
  category: string;
  year: number;
  /** What stats.md says of it, for the import's report only. */
  note: string;
}

const SECTION = /^###\s+([a-z0-9-]+)\s*\/\s*([a-z0-9-]+)\b/;
const NO_AWARD = /^-\s+(\d{4}):\s+no award given\b\s*(?:[—–-]\s*(.*))?$/i;

/**
 * The no-award years stats.md lists, in its order.
 * @example parseNoAwardYears('### hugo / best-novel 1953–2025\n- 1954: no award given — none presented') // [{ award: 'hugo', category: 'best-novel', year: 1954, note: 'none presented' }]
 */
export function parseNoAwardYears(markdown: string): SeedNoAwardYear[] {
  const found: SeedNoAwardYear[] = [];
  let section: { award: string; category: string } | null = null;
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#')) {
      const match = SECTION.exec(line);
      section = match ? { award: match[1]!, category: match[2]! } : null;
      continue;
    }
    const match = NO_AWARD.exec(line);
    if (match && section) found.push({ ...section, year: Number(match[1]), note: match[2]?.trim() ?? '' });
  }
  return found;
}
