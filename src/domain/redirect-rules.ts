/**
 * Redirect rules the build writes into the site's `_redirects` (issue 11): the spec's detail targets
 * by id (spec §2: author /authors/{id}, series /series/{id}, genre /genres/{id}, award /awards/{id})
 * answer a 301 to the entity's page. Netlify reads rules top down and the first match wins, so the
 * build puts them where `public/_redirects` has GENERATED_RULES_MARKER: before the catch-all rules
 * that send unknown paths to the 404 page. The rules are unforced (no `!`): a page that exists at the
 * same path always wins over them.
 */
import { LOCALES } from './enums.ts';

/** The line of `public/_redirects` under which the build inserts its rules. */
export const GENERATED_RULES_MARKER = '# Generated rules (src/integrations/redirect-rules.ts) go here.';

export interface RuleBlock {
  /** What the rules are for, written as a comment above them. */
  title: string;
  lines: string[];
}

/** One rule: `from to status`, aligned like the hand-written ones. */
export const rule = (from: string, to: string, status = 301) => `${from.padEnd(22)} ${to.padEnd(26)} ${status}`;

/** The `_redirects` text with the blocks inserted under the marker. */
export function insertGeneratedRules(redirects: string, blocks: RuleBlock[]): string {
  const lines = redirects.split('\n');
  const at = lines.findIndex((line) => line.trim() === GENERATED_RULES_MARKER);
  if (at < 0) throw new Error(`_redirects has no line "${GENERATED_RULES_MARKER}": nowhere to put the generated rules.`);
  const generated = blocks.filter((b) => b.lines.length).flatMap((b) => [`# ${b.title} (${b.lines.length} rules)`, ...b.lines]);
  return [...lines.slice(0, at + 1), ...generated, ...lines.slice(at + 1)].join('\n');
}

interface Entity {
  id: number;
  slug: string;
}

export interface IdRuleCatalogue {
  authors: Entity[];
  series: Entity[];
  genres: (Entity & { name: string })[];
  awards: Entity[];
}

/**
 * The id routes of every locale: authors, series and awards go to their page by slug, a genre (by id
 * or slug) to the books list filtered by its name. An id that is also some entity's slug of that
 * kind gets no rule (the page keeps its path).
 */
export function entityIdRules(catalogue: IdRuleCatalogue): RuleBlock[] {
  const bySlug = (kind: string, entities: Entity[], target: (e: Entity) => string): RuleBlock => {
    const slugs = new Set(entities.map((e) => e.slug));
    return {
      title: `/${kind}/{id} to the ${kind.replace(/s$/, '')} page`,
      lines: LOCALES.flatMap((locale) =>
        entities.filter((e) => !slugs.has(String(e.id))).map((e) => rule(`/${locale}/${kind}/${e.id}`, `/${locale}/${kind}/${target(e)}`)),
      ),
    };
  };
  const genres: RuleBlock = {
    title: '/genres/{id or slug} to the books of that genre',
    lines: LOCALES.flatMap((locale) =>
      catalogue.genres.flatMap((g) =>
        [...new Set([String(g.id), g.slug])].map((key) => rule(`/${locale}/genres/${key}`, `/${locale}/books?genre=${encodeURIComponent(g.name)}`)),
      ),
    ),
  };
  return [
    bySlug('authors', catalogue.authors, (e) => e.slug),
    bySlug('series', catalogue.series, (e) => e.slug),
    genres,
    bySlug('awards', catalogue.awards, (e) => e.slug),
  ];
}
