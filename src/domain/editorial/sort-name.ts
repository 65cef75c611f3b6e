/**
 * The name an author is sorted by in lists ('Le Guin, Ursula K.'), when the editor gives none
 * (issue 13): the last word first, with the lower-case particles before it ('van', 'de', 'von').
 */
const PARTICLES = new Set(['de', 'del', 'della', 'der', 'den', 'di', 'da', 'do', 'dos', 'du', 'la', 'le', 'van', 'von', 'zu', 'ten', 'ter']);

/**
 * @example sortNameOf('Ursula K. Le Guin') // 'Guin, Ursula K. Le'
 * @example sortNameOf('Ludwig van Beethoven') // 'van Beethoven, Ludwig'
 */
export function sortNameOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  if (words.length < 2) return name;
  let at = words.length - 1;
  while (at > 1 && PARTICLES.has(words[at - 1]!)) at--;
  return `${words.slice(at).join(' ')}, ${words.slice(0, at).join(' ')}`;
}
