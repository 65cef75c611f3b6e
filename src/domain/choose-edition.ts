/** Which edition a book page or pop-up shows first (spec §4 "Edition auto-choice", STYLE rule 7). */

export type ChoosableEdition = {
  readonly id: number | string;
  readonly languageCode: string | null;
  readonly isOriginalLanguage: boolean;
  readonly isPrimaryEdition: boolean;
};

export type ChooseEditionOptions<Id> = {
  readonly selectedId?: Id | null;
  readonly interfaceLanguage: string;
};

/** 'de-AT' and 'DE' both mean German for this purpose. */
const primaryLanguage = (code: string) => code.trim().toLowerCase().split(/[-_]/)[0] ?? '';

/** The language whose edition stands in for one in the reader's language (DEFAULT_LOCALE, the title rule's second). */
const FALLBACK_LANGUAGE = 'en';

type Criterion = (edition: ChoosableEdition, opts: ChooseEditionOptions<ChoosableEdition['id']>) => boolean;

/**
 * Spec order: selected, interface language, original language, primary; earlier criteria win.
 * English comes after the interface language (issue 29 point 6, the title rule's order: a German
 * reader of 穴 sees the English edition, The Hole, before the Japanese one).
 */
const EDITION_CRITERIA: readonly Criterion[] = [
  (e, { selectedId }) => selectedId != null && e.id === selectedId,
  (e, { interfaceLanguage }) =>
    e.languageCode !== null && primaryLanguage(e.languageCode) === primaryLanguage(interfaceLanguage),
  (e) => e.languageCode !== null && primaryLanguage(e.languageCode) === FALLBACK_LANGUAGE,
  (e) => e.isOriginalLanguage,
  (e) => e.isPrimaryEdition,
];

/**
 * Picks the edition to show. Each criterion narrows the candidates when at least one matches, so a
 * later criterion breaks ties of an earlier one (two German editions: the primary wins), and list
 * order breaks the final tie ("else first"). Sort the list (e.g. by id) before calling for stable results.
 * @example chooseEdition(editions, { selectedId: null, interfaceLanguage: 'de' })
 */
export function chooseEdition<E extends ChoosableEdition>(
  editions: readonly E[],
  opts: ChooseEditionOptions<E['id']>,
): E | null {
  let candidates = editions;
  for (const matches of EDITION_CRITERIA) {
    const narrowed = candidates.filter((e) => matches(e, opts));
    if (narrowed.length > 0) candidates = narrowed;
  }
  return candidates[0] ?? null;
}
