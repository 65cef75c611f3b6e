import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import { GENDERS, GENRE_CATEGORIES, HISTORY_ACTIONS, SERIES_KINDS, SERIES_STATUSES } from '../../domain/enums.ts';
import { MARKDOWN_FIELDS, NAME_FIELD } from '../../domain/editorial/entity-form.ts';
import { EDITED_ENTITIES } from '../../domain/schemas/editorial.ts';
import { EDITOR_TEXT_EXTRA_KEYS, EDITOR_TEXT_PREFIXES } from './editor-texts.ts';
import { IMAGE_FIELD_TEXT_KEYS } from './texts.ts';

const toCamel = (value: string) => value.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/** The keys the editor builds from enumerations and field names: each must be translated and handed over. */
const builtKeys = [
  ...GENDERS.map((g) => `admin.gender.${toCamel(g)}`),
  ...GENRE_CATEGORIES.map((c) => `admin.category.${toCamel(c)}`),
  ...SERIES_KINDS.map((k) => `series.kind.${toCamel(k)}`),
  ...SERIES_STATUSES.map((s) => `series.status.${s}`),
  ...HISTORY_ACTIONS.map((a) => `admin.history.${a}`),
  ...['queued', 'building', 'live', 'failed', 'unavailable'].map((p) => `admin.rebuild.${p}`),
  ...EDITED_ENTITIES.flatMap((k) => [`admin.field.${NAME_FIELD[k]}`, ...MARKDOWN_FIELDS[k].map((f) => `admin.field.${f}`), `admin.page.${k}Add`, `admin.page.${k}Edit`]),
  'editorial.error.authorDeleteFailed',
  'editorial.error.seriesDeleteFailed',
  'editorial.error.genreDeleteFailed',
  // The image fields (issue 29 point 13).
  ...IMAGE_FIELD_TEXT_KEYS,
];

describe('the admin editor texts', () => {
  it.each(builtKeys)('%s exists and reaches the editor', (key) => {
    expect(Object.keys(en)).toContain(key);
    expect(key.startsWith('admin.page.') || EDITOR_TEXT_PREFIXES.some((p) => key.startsWith(p)) || (EDITOR_TEXT_EXTRA_KEYS as readonly string[]).includes(key)).toBe(true);
  });

  it('hands over every schema message key', () => {
    const schemaKeys = Object.keys(en).filter((key) => key.startsWith('validation.editorial.'));
    expect(schemaKeys.length).toBeGreaterThan(20);
  });
});
