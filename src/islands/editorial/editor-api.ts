/**
 * The admin editor's calls (issue 13 points 1, 7, 8), every answer parsed with the contract's schema
 * (STYLE rule 3). Reads go through the page's API client (retries on 429/5xx); the delete reads the
 * envelope itself, because a refused delete names the blocking books in `error.blockedBy`, which the
 * generic client does not keep.
 */
import { z } from 'zod';
import type { EditedEntity } from '../../domain/schemas/editorial.ts';
import { AuthorRecordSchema, BookRecordSchema, GenreRecordSchema, HistoryPageSchema, SavedSchema, SeriesRecordSchema, type HistoryPage, type Saved } from '../../domain/schemas/editorial.ts';
import { RebuildStatusSchema, type RebuildStatus } from '../../domain/schemas/rebuild.ts';
import type { RecordOf, RelationLabels } from '../../domain/editorial/entity-form.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { etagOf } from '../../domain/editorial/versions.ts';
import { accountClient } from '../account/form-support.ts';

/** The URL segment of each kind (spec §2 routes and the API paths). */
export const KIND_PATH: Readonly<Record<EditedEntity, string>> = { book: 'books', author: 'authors', series: 'series', genre: 'genres' };

const RECORD_SCHEMAS = { book: BookRecordSchema, author: AuthorRecordSchema, series: SeriesRecordSchema, genre: GenreRecordSchema } as const;

/** A hit of a typeahead endpoint: every one has an id and a display name. */
export const PickerHitSchema = z.object({ id: z.number().int(), name: z.string() });
export type PickerHit = z.infer<typeof PickerHitSchema>;
const PickerHitsSchema = z.array(z.looseObject(PickerHitSchema.shape));

const named = z.object({ id: z.number().int(), name: z.string() });
const BookLabelsSchema = z.object({
  book: z.object({ authors: z.array(named), genres: z.array(named), allSeries: z.array(named), awards: z.array(z.object({ awardId: z.number().int(), awardName: z.string() })) }),
});

const DeletedSchema = z.object({ id: z.number().int(), rebuild: RebuildStatusSchema });

export interface BlockingBook {
  id: number;
  slug: string;
  title: string;
}

/** A refused delete: the server's message and, for a 409, the books that still name the thing. */
export class DeleteRefusedError extends Error {
  readonly status: number;
  readonly blockedBy: BlockingBook[];

  constructor(message: string, status: number, blockedBy: BlockingBook[]) {
    super(message);
    this.name = 'DeleteRefusedError';
    this.status = status;
    this.blockedBy = blockedBy;
  }
}

/**
 * A write refused because someone else saved the record after the form loaded it (409, issue 27
 * point 4): `current` is the record as stored now.
 */
export class StaleRecordError extends Error {
  readonly current: RecordOf[EditedEntity];

  constructor(message: string, current: RecordOf[EditedEntity]) {
    super(message);
    this.name = 'StaleRecordError';
    this.current = current;
  }
}

/** A 409 that carries the stored record as a StaleRecordError; any other error as it is. */
function staleOrSame(kind: EditedEntity, error: unknown): unknown {
  if (!(error instanceof ApiClientError) || error.status !== 409 || error.current === undefined) return error;
  const current = RECORD_SCHEMAS[kind].safeParse(error.current);
  return current.success ? new StaleRecordError(error.message, current.data) : error;
}

const ErrorEnvelopeSchema = z.object({
  error: z.object({ message: z.string(), blockedBy: z.array(z.object({ id: z.number().int(), slug: z.string(), title: z.string() })).optional() }),
});

export function createEditorApi(locale: string) {
  const client = accountClient(locale);
  return {
    loadRecord: <K extends EditedEntity>(kind: K, ref: string) => client.get(`/api/${KIND_PATH[kind]}/${encodeURIComponent(ref)}`, { schema: RECORD_SCHEMAS[kind] as unknown as z.ZodType<RecordOf[K]> }),
    /**
     * The names of a book's relations, in the page language, from the pop-up's one live call (the
     * edit record has ids only): authors, genres, series and awards by id.
     */
    async bookLabels(id: number): Promise<RelationLabels> {
      const data = await client.get(`/api/books/${id}/modal-data`, { schema: BookLabelsSchema });
      const { authors, genres, allSeries, awards } = data.book;
      return {
        authors: new Map(authors.map((a) => [a.id, a.name])),
        genres: new Map(genres.map((g) => [g.id, g.name])),
        series: new Map(allSeries.map((s) => [s.id, s.name])),
        awards: new Map(awards.map((a) => [a.awardId, a.awardName])),
      };
    },
    search: (path: string, q: string, signal?: AbortSignal) => client.get(`${path}?q=${encodeURIComponent(q)}&lang=${locale}`, { schema: PickerHitsSchema, signal }),
    create: (kind: EditedEntity, payload: unknown): Promise<Saved> => client.post(`/api/${KIND_PATH[kind]}`, payload, { schema: SavedSchema }),
    /** Saves the changed fields based on `version`; a 409 naming the stored record throws StaleRecordError. */
    async update<K extends EditedEntity>(kind: K, id: number, payload: Record<string, unknown>, version: number): Promise<Saved> {
      try {
        return await client.patch(`/api/${KIND_PATH[kind]}/${id}`, { ...payload, version }, { schema: SavedSchema });
      } catch (error) {
        throw staleOrSame(kind, error);
      }
    },
    async remove(kind: EditedEntity, id: number, version: number): Promise<{ id: number; rebuild: RebuildStatus }> {
      let response: Response;
      try {
        response = await fetch(`/api/${KIND_PATH[kind]}/${id}`, { method: 'DELETE', headers: { accept: 'application/json', 'accept-language': locale, 'if-match': etagOf(version) }, credentials: 'include' });
      } catch {
        throw new ApiClientError('Network Error', 500);
      }
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const parsed = ErrorEnvelopeSchema.safeParse(body);
        const current = RECORD_SCHEMAS[kind].safeParse((body as { error?: { current?: unknown } } | null)?.error?.current);
        if (response.status === 409 && current.success) throw new StaleRecordError(parsed.success ? parsed.data.error.message : response.statusText, current.data);
        throw new DeleteRefusedError(parsed.success ? parsed.data.error.message : response.statusText, response.status, parsed.success ? (parsed.data.error.blockedBy ?? []) : []);
      }
      return DeletedSchema.parse((body as { data?: unknown } | null)?.data);
    },
    rebuildStatus: (): Promise<RebuildStatus> => client.get('/api/admin/rebuild', { schema: RebuildStatusSchema }),
    history: (entity: EditedEntity, id: number, page: number): Promise<HistoryPage> => client.get(`/api/admin/history?entity=${entity}&id=${id}&page=${page}`, { schema: HistoryPageSchema }),
  };
}
export type EditorApi = ReturnType<typeof createEditorApi>;
