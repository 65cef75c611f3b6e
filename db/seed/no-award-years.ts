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

/**
 * Revision 3 names its no-award years in prose only (stats.md, "Revision 3": "the only confirmed
 * no-award years are Kurd-Laßwitz German novel 1998 and Premio Urania 1996"). The labels that prose
 * uses, by award and category key; a label not here fails the import loudly instead of being dropped.
 */
const PROSE_LABELS: Record<string, { award: string; category: string }> = {
  'Kurd-Laßwitz German novel': { award: 'kurd-lasswitz', category: 'german-novel' },
  'Premio Urania': { award: 'urania', category: 'novel' },
};
const PROSE = /the only confirmed no-award years? (?:is|are) ([^)]+)\)/i;

/**
 * The no-award years stats.md names in prose (revision 3), e.g. 'Kurd-Laßwitz German novel 1998'.
 * @example parseProseNoAwardYears('(the only confirmed no-award years are Premio Urania 1996)') // [{ award: 'urania', category: 'novel', year: 1996, note: 'Premio Urania 1996' }]
 */
export function parseProseNoAwardYears(markdown: string): SeedNoAwardYear[] {
  const match = PROSE.exec(markdown);
  if (!match) return [];
  return match[1]!
    .split(/,\s*|\s+and\s+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const found = /^(.+?)\s+(\d{4})$/.exec(part);
      const label = found && PROSE_LABELS[found[1]!];
      if (!found || !label) throw new Error(`stats.md names a no-award year the importer does not know: "${part}"`);
      return { ...label, year: Number(found[2]), note: part };
    });
}

/** Every no-award year stats.md lists, under "Winner checks" and in the revision notes, once each. */
export function parseAllNoAwardYears(markdown: string): SeedNoAwardYear[] {
  const seen = new Set<string>();
  return [...parseNoAwardYears(markdown), ...parseProseNoAwardYears(markdown)].filter((mark) => {
    const key = `${mark.award}/${mark.category}/${mark.year}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
