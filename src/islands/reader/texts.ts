/**
 * Which translations the reader islands read (issue 12). Each list names keys of locales/*.json; the
 * page (or, for the pop-up, the per-language JSON file src/pages/[locale]/reader-texts.json.ts) translates
 * exactly those at build time, so no island imports the dictionaries (src/islands/README.md).
 */
import type { PluralForms } from '../cards/format.ts';
import { FAILURE_TEXT_KEYS } from '../account/form-support.ts';
import type { Texts } from '../account/texts.ts';

/** The toast region (spec §4, §8). */
export const TOAST_TEXT_KEYS = ['reader.toast.dismiss', 'reader.toast.region'] as const;

/** Reading list, own rating, the sign-in prompt and their toasts: shared by the pop-up and the book page. */
export const ACTION_TEXT_KEYS = [
  ...FAILURE_TEXT_KEYS,
  ...TOAST_TEXT_KEYS,
  'reader.list.add',
  'reader.list.added',
  'reader.list.addFailed',
  'reader.list.onList',
  'reader.list.statusLabel',
  'reader.list.status.toRead',
  'reader.list.status.reading',
  'reader.list.status.read',
  'reader.list.updated',
  'reader.list.updateFailed',
  'reader.list.remove',
  'reader.list.removed',
  'reader.list.removeFailed',
  'reader.actions.label',
  'reader.rating.label',
  'reader.rating.saved',
  'reader.rating.failed',
  'reader.signIn.required',
  'reader.signIn.link',
  'validation.rating.range',
] as const;

/** The edition selector (spec §2 "Edition selector"): its label, states and the option details. */
export const EDITION_TEXT_KEYS = [
  'reader.editions.label',
  'reader.editions.loading',
  'reader.editions.loadFailed',
  'edition.binding.hardcover',
  'edition.binding.paperback',
  'edition.binding.broschiert',
  'edition.binding.massMarket',
  'edition.binding.ebook',
  'edition.binding.audiobook',
  'edition.format.physical',
  'edition.format.digital',
  'book.editions.translator',
  'book.editions.unknownLanguage',
  // Issue 29 point 25: the language's original-or-translator note and the price fact.
  'book.editions.originalLanguage',
  'book.editions.price',
] as const;

/** Reviews: the pop-up's two and the reviews tab of book and author pages. */
export const REVIEW_TEXT_KEYS = ['book.reviews.title', 'book.reviews.empty', 'reader.reviews.edited', 'detail.rating.value'] as const;

/** The reviews panel of book and author pages (issue 12 point 6). */
export const REVIEWS_PANEL_TEXT_KEYS = [
  ...ACTION_TEXT_KEYS,
  ...REVIEW_TEXT_KEYS,
  'detail.rating.label',
  'detail.rating.none',
  'reader.reviews.show',
  'reader.reviews.write',
  'reader.reviews.loading',
  'reader.reviews.loadFailed',
  'reader.reviews.yours',
  'reader.reviews.text',
  'reader.reviews.count',
  'reader.reviews.save',
  'reader.reviews.edit',
  'reader.reviews.editYours',
  'reader.reviews.delete',
  'reader.reviews.cancel',
  'reader.reviews.deleteConfirm',
  'reader.reviews.confirmDelete',
  'reader.reviews.saved',
  'reader.reviews.saveFailed',
  'reader.reviews.deleted',
  'reader.reviews.deleteFailed',
  'reader.reviews.ratingRequired',
  'reader.reviews.signIn',
  'reader.reviews.pagination',
  'reader.reviews.page',
  'reader.reviews.previous',
  'reader.reviews.next',
  'reader.popup.retry',
] as const;

/** Everything the book pop-up shows (spec §2 "Book detail pop-up", §8 pop-up messages). */
export const POPUP_TEXT_KEYS = [
  ...ACTION_TEXT_KEYS,
  ...EDITION_TEXT_KEYS,
  ...REVIEW_TEXT_KEYS,
  'reader.popup.label',
  'reader.popup.close',
  'reader.popup.loading',
  'reader.popup.loadFailed',
  'reader.popup.retry',
  'reader.popup.notFound',
  'reader.popup.openPage',
  'reader.popup.published',
  'reader.buy.button',
  'reader.buy.newTab',
  'reader.buy.disclosure',
  'reader.editions.manage',
  'reader.author.fullPortrait',
  'reader.reviews.write',
  'book.byAuthors',
  'book.originalTitle',
  'book.coverAlt',
  'book.noDescription',
  'book.synopsis.title',
  'book.publisher',
  'book.pages',
  'book.genres',
  'book.series',
  'book.seriesVolume',
  'book.facts',
  'book.awards.title',
  'book.awards.winner',
  'book.awards.nominee',
  'book.awards.asTitle',
  'book.editions.isbn',
  'book.editions.language',
  'detail.rating.label',
  'detail.rating.none',
  'author.bio.title',
  'author.bio.none',
  'author.portraitAlt',
] as const;

/** Plural families the reader islands fill in the browser (src/islands/cards/format.ts plural()). */
export const READER_PLURAL_KEYS = ['reader.rating.star', 'detail.rating.count', 'reader.reviews.total'] as const;
export type ReaderPluralKey = (typeof READER_PLURAL_KEYS)[number];
export type ReaderPlurals = Readonly<Record<ReaderPluralKey, PluralForms>>;

export type ActionTexts = Texts<(typeof ACTION_TEXT_KEYS)[number]>;
export type EditionTexts = Texts<(typeof EDITION_TEXT_KEYS)[number]>;
export type ReviewTexts = Texts<(typeof REVIEW_TEXT_KEYS)[number]>;
export type ReviewsPanelTexts = Texts<(typeof REVIEWS_PANEL_TEXT_KEYS)[number]>;
export type PopupTexts = Texts<(typeof POPUP_TEXT_KEYS)[number]>;
export type ToastTexts = Texts<(typeof TOAST_TEXT_KEYS)[number]>;

/** The pop-up's texts in one language: the file /{locale}/reader-texts.json. */
export interface PopupTextBundle {
  texts: PopupTexts;
  plurals: ReaderPlurals;
}
