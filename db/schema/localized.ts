import { jsonb } from 'drizzle-orm/pg-core';
import type { Locale } from '../../src/domain/enums.ts';

/** A text in some of the interface languages; readers fall back to en (DESIGN.md §6). */
export type LocalizedText = Partial<Record<Locale, string>>;

export const localizedText = (name: string) => jsonb(name).$type<LocalizedText>();
