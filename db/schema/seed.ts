import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the seed importer last wrote for each record of the catalogue files (db/seed/import.ts): the
 * base of a three-way merge. A fact is updated only where the data changed since that import and the
 * row still holds what the import wrote, so a data revision reaches an existing database while edits
 * made in the app since are kept, and a second run with the same data changes nothing.
 */
export const seedRecords = pgTable(
  'seed_records',
  {
    /** 'author' | 'series' | 'book' | 'edition' (db/seed/import.ts). */
    kind: text('kind').notNull(),
    /** The record's source_key (the entity row carries the same value). */
    sourceKey: text('source_key').notNull(),
    facts: jsonb('facts').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.sourceKey] })],
);
