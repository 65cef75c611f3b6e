/**
 * Which translations the editions manager reads (issue 13 point 2). The list names keys of
 * locales/*.json; a page that mounts the manager translates exactly these at build time (a book edit
 * page as props; for the pop-up, /{locale}/editions-manager-texts.json), so no island imports the
 * dictionaries (src/islands/README.md).
 */
import { FAILURE_TEXT_KEYS } from '../account/form-support.ts';
import type { Texts } from '../account/texts.ts';
import { CONFLICT_TEXT_KEYS } from './conflict-texts.ts';

/**
 * What an image field (ImageField.tsx, issue 29 point 13) reads: its own texts, the browser's
 * refusals (every `PreparationRefusal` key of src/domain/images/upload-preparation.ts: ImageField
 * does not compile without one) and the failures of any call.
 */
export const IMAGE_FIELD_TEXT_KEYS = [
  ...FAILURE_TEXT_KEYS,
  'images.field.choose',
  'images.field.hint',
  'images.field.preparing',
  'images.field.uploading',
  'images.field.progressLabel',
  'images.field.uploaded',
  'images.field.preview',
  'images.field.none',
  'images.field.remove',
  'images.field.url',
  'images.upload.unsupported',
  'images.upload.tooLarge',
  'api.error.imageTooLarge',
  'api.error.imageType',
  'api.error.imageTooManyPixels',
  'api.error.imageAspectRatio',
  'api.error.imageUnreadable',
] as const;

export type ImageFieldTextKey = (typeof IMAGE_FIELD_TEXT_KEYS)[number];
export type ImageFieldTexts = Texts<ImageFieldTextKey>;

export const EDITIONS_MANAGER_TEXT_KEYS = [
  ...FAILURE_TEXT_KEYS,
  ...IMAGE_FIELD_TEXT_KEYS,
  // List view (spec §2 "Editions manager", §8).
  'editorial.editions.title',
  'editorial.editions.new',
  'editorial.editions.close',
  'editorial.editions.loading',
  'editorial.editions.loadFailed',
  'editorial.editions.retry',
  'editorial.editions.empty',
  'editorial.editions.emptyHint',
  'editorial.editions.list',
  'editorial.editions.makePrimary',
  'editorial.editions.edit',
  'editorial.editions.delete',
  'editorial.editions.confirmPrimary',
  'editorial.editions.confirmDelete',
  'editorial.editions.error',
  'editorial.editions.created',
  'editorial.editions.updated',
  'editorial.editions.promoted',
  'editorial.editions.deleted',
  'book.editions.primary',
  'book.editions.year',
  'book.editions.publisher',
  'book.editions.pages',
  'book.editions.language',
  'book.editions.binding',
  'book.editions.isbn',
  'book.editions.price',
  'book.editions.unknownLanguage',
  'api.error.editionPrimaryDelete',
  // Form view (spec §5 "Edition form").
  'editorial.editions.form.editTitle',
  'editorial.editions.form.back',
  'editorial.editions.form.cancel',
  'editorial.editions.form.create',
  'editorial.editions.form.save',
  'editorial.editions.form.saving',
  'editorial.editions.form.noneSelected',
  'editorial.editions.form.optional',
  'editorial.editions.form.title',
  'editorial.editions.form.description',
  'editorial.editions.form.coverImage',
  'editorial.editions.form.publicationYear',
  'editorial.editions.form.pages',
  'editorial.editions.form.isbn',
  'editorial.editions.form.asin',
  'editorial.editions.form.publisher',
  'editorial.editions.form.isPrimaryEdition',
  'editorial.editions.form.primaryHint',
  'editorial.editions.form.editionType',
  'editorial.editions.form.originalTaken',
  'editorial.editions.form.formatType',
  'editorial.editions.form.bindingType',
  'editorial.editions.form.bindingUnknown',
  'editorial.editions.form.languageCode',
  'editorial.editions.form.languageName',
  'editorial.editions.form.translator',
  'editorial.editions.form.isOriginalLanguage',
  'editorial.editions.form.price',
  'editorial.editions.form.currency',
  'editorial.editions.form.priceHint',
  'edition.type.original',
  'edition.type.revised',
  'edition.type.anniversary',
  'edition.type.special',
  'edition.type.international',
  'edition.format.physical',
  'edition.format.digital',
  'edition.binding.hardcover',
  'edition.binding.paperback',
  'edition.binding.broschiert',
  'edition.binding.massMarket',
  'edition.binding.ebook',
  'edition.binding.audiobook',
  // The form's messages (spec §5), the same keys the API sends in its details.
  'validation.edition.title',
  'validation.edition.year',
  'validation.edition.pages',
  'validation.edition.pagesMax',
  'validation.edition.languageCode',
  'validation.edition.languageName',
  'validation.edition.coverImage',
  'validation.edition.tooLong',
  'validation.edition.type',
  'validation.edition.format',
  'validation.edition.binding',
  'validation.edition.flag',
  'validation.edition.originalExists',
  'validation.edition.price',
  'validation.edition.currency',
  'validation.edition.currencyWithoutPrice',
  // A save refused because someone else saved first (issue 27 point 4; ConflictPanel.tsx).
  ...CONFLICT_TEXT_KEYS,
] as const;

export type EditionsManagerTextKey = (typeof EDITIONS_MANAGER_TEXT_KEYS)[number];
export type EditionsManagerTexts = Texts<EditionsManagerTextKey>;
