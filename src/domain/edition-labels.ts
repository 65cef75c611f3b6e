/**
 * The translation keys of the edition enumerations (spec §3 editionType, formatType, bindingType), in
 * one place for the build-time pages (src/components/detail/detail-data.ts) and the islands (the
 * pop-up's edition selector), which translate them differently (t() at build time, texts as props).
 */
import type { BindingType, EditionType, FormatType } from './enums.ts';

export const EDITION_TYPE_KEYS = {
  original: 'edition.type.original',
  revised: 'edition.type.revised',
  anniversary: 'edition.type.anniversary',
  special: 'edition.type.special',
  international: 'edition.type.international',
} as const satisfies Record<EditionType, string>;

export const BINDING_KEYS = {
  hardcover: 'edition.binding.hardcover',
  paperback: 'edition.binding.paperback',
  broschiert: 'edition.binding.broschiert',
  mass_market: 'edition.binding.massMarket',
  ebook: 'edition.binding.ebook',
  audiobook: 'edition.binding.audiobook',
} as const satisfies Record<BindingType, string>;

export const FORMAT_KEYS = {
  physical: 'edition.format.physical',
  digital: 'edition.format.digital',
} as const satisfies Record<FormatType, string>;

/**
 * The key naming an edition's format: its binding when known ('Paperback'), else its format ('Digital').
 * @example formatLabelKey({ bindingType: null, formatType: 'digital' }) // 'edition.format.digital'
 */
export function formatLabelKey(edition: { bindingType: BindingType | null; formatType: FormatType }) {
  return edition.bindingType ? BINDING_KEYS[edition.bindingType] : FORMAT_KEYS[edition.formatType];
}
