/**
 * GET /api/profile/export.csv (issue 16 point 2) over HTTP against the real database: the reader's
 * shelves, ratings and reviews in Goodreads' library export layout, their own only, read back with
 * csv-parse as another site's importer would.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../db/client.ts';
import { GOODREADS_COLUMNS } from '../../../src/domain/open-data/goodreads-csv.ts';
import { bookIds, createBooks, createReader, errorOf, removeBooks, serveForTests, type TestBook } from '../../support/readers.ts';

const server = serveForTests();
const created: TestBook[] = [];
afterAll(async () => {
  if (created.length > 0) await removeBooks(created);
});

async function exportCsv(cookie?: string, lang = 'en') {
  const res = await fetch(`${server.url()}/api/profile/export.csv`, { headers: { 'accept-language': lang, ...(cookie ? { cookie } : {}) } });
  return { res, text: await res.text() };
}
const rowsOf = (text: string) => parse(text, { columns: true }) as Record<(typeof GOODREADS_COLUMNS)[number], string>[];

describe('GET /api/profile/export.csv', () => {
  it('answers 401 in the localized envelope when signed out', async () => {
    const { res, text } = await exportCsv(undefined, 'de');
    const error = errorOf({ status: res.status, headers: res.headers, json: JSON.parse(text) }, 401);
    expect(error.code).toBe('UNAUTHENTICATED');
    expect(res.headers.get('content-language')).toBe('de');
  });

  it('exports the reader\'s list, ratings and reviews under Goodreads\' header row, and nothing of another reader', async () => {
    const db = await getDb();
    const [ada, other] = [await createReader(server.url()), await createReader(server.url())];
    const ids = await bookIds(['dune', 'neuromancer', 'hyperion', 'the-dispossessed']);
    const [dune, neuromancer, hyperion, solaris] = ['dune', 'neuromancer', 'hyperion', 'the-dispossessed'].map((slug) => ids.get(slug)!);
    const review = 'Slow, "difficult" start;\nthen, at last,\r\nbrilliant. Ünïcødé ✓';
    await db.execute(sql`INSERT INTO reading_list (user_id, book_id, status, created_at, updated_at, read_on) VALUES
      (${ada.id}, ${dune}, 'read', '2025-01-02T10:00:00Z', '2025-03-04T10:00:00Z', '2025-03-04'),
      (${ada.id}, ${neuromancer}, 'reading', '2025-02-01T10:00:00Z', '2025-02-01T10:00:00Z', NULL),
      (${ada.id}, ${hyperion}, 'to_read', '2025-02-03T10:00:00Z', '2025-02-03T10:00:00Z', NULL),
      (${other.id}, ${solaris}, 'read', now(), now(), NULL)`);
    await db.execute(sql`INSERT INTO ratings (user_id, book_id, rating, review, created_at) VALUES
      (${ada.id}, ${dune}, 5, ${review}, '2025-03-04T11:00:00Z'),
      (${ada.id}, ${solaris}, 3, null, '2025-04-05T11:00:00Z'),
      (${other.id}, ${solaris}, 1, 'Not my kind of ocean.', now())`);

    const { res, text } = await exportCsv(ada.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="phantastika-goodreads-export.csv"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(text.split('\n')[0]).toBe(GOODREADS_COLUMNS.join(','));

    const rows = rowsOf(text);
    expect(rows.map((r) => r['Exclusive Shelf'])).toEqual(['read', 'to-read', 'currently-reading', 'read']); // newest addition first
    const byShelf = Object.fromEntries(rows.map((r) => [r.Title, r]));
    const duneRow = rows.find((r) => r['My Review'] !== '')!;
    expect(duneRow).toMatchObject({ Title: 'Dune', Author: 'Frank Herbert', 'Author l-f': 'Herbert, Frank', 'My Rating': '5', 'My Review': review, 'Date Read': '2025/03/04', 'Date Added': '2025/01/02', 'Read Count': '1' });
    // Rated but not on the list: read, as on Goodreads; the other reader's one-star review is not in it.
    const solarisRow = rows.find((r) => r['My Rating'] === '3')!;
    expect(solarisRow).toMatchObject({ 'Exclusive Shelf': 'read', 'My Review': '', 'Date Added': '2025/04/05' });
    expect(text).not.toContain('Not my kind of ocean.');
    expect(rows.find((r) => r['Exclusive Shelf'] === 'to-read')).toMatchObject({ Bookshelves: 'to-read', 'Bookshelves with positions': 'to-read (#1)', 'My Rating': '0', 'Date Read': '' });
    expect(Object.keys(byShelf)).toHaveLength(4);

    const theirs = rowsOf((await exportCsv(other.cookie)).text);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ 'My Rating': '1', 'My Review': 'Not my kind of ocean.', 'Exclusive Shelf': 'read' });
  });

  it('writes titles in the reader\'s language and escapes formula-like cells', async () => {
    const db = await getDb();
    const [book] = await createBooks([`csv-injection-${Date.now()}`]);
    created.push(book!);
    await db.execute(sql`UPDATE books SET original_title = '=HYPERLINK("http://evil.example","x")' WHERE id = ${book!.id}`);
    // Publisher and title come from the edition (issue 29 point 12).
    await db.execute(sql`INSERT INTO editions (book_id, title, language_code, language_name, is_original_language, is_primary_edition, publisher)
      VALUES (${book!.id}, '=HYPERLINK("http://evil.example","x")', 'en', 'English', true, true, '@publisher')`);
    const ada = await createReader(server.url());
    await db.execute(sql`UPDATE users SET language = 'de' WHERE id = ${ada.id}`);
    const dune = (await bookIds(['dune'])).get('dune')!;
    await db.execute(sql`INSERT INTO ratings (user_id, book_id, rating, review) VALUES (${ada.id}, ${book!.id}, 2, '-1+2 was my first thought'), (${ada.id}, ${dune}, 4, '+ fine')`);

    const rows = rowsOf((await exportCsv(ada.cookie)).text);
    const injected = rows.find((r) => r['My Rating'] === '2')!;
    expect(injected.Title).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(injected.Publisher).toBe("'@publisher");
    expect(injected['My Review']).toBe("'-1+2 was my first thought");
    expect(injected.ISBN).toBe('=""');
    const duneRow = rows.find((r) => r['My Rating'] === '4')!;
    expect(duneRow['My Review']).toBe("'+ fine");
    const { title } = (await db.execute(sql`SELECT localized_book_title(b.id, b.original_title, b.original_language, 'de') AS title FROM books b WHERE b.id = ${dune}`)).rows[0] as { title: string };
    expect(duneRow.Title).toBe(title);
    for (const row of rows) for (const cell of Object.values(row)) if (!/^="[\dX]*"$/.test(cell)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('gives a reader without books the header row only', async () => {
    const { res, text } = await exportCsv((await createReader(server.url())).cookie);
    expect(res.status).toBe(200);
    expect(text).toBe(`${GOODREADS_COLUMNS.join(',')}\n`);
  });
});
