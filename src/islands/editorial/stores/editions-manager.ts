/**
 * The editions manager's state and calls (spec §4 "Editions manager", §7 editions calls, §8; issue 13
 * point 2). One store per mounted manager (a book's editions): the list, the view (list, create,
 * edit), the deletes under way, and the last error. Transitions as in spec §4: list → create or edit;
 * back or cancel → list; a successful create or update → list. A delete disables that card's delete
 * button while it runs. Answers are parsed with the contract's schema; after each change the list is
 * read again (live for super users) and `onChanged` tells the page (the pop-up reloads its editions).
 */
import { map, type MapStore } from 'nanostores';
import { z } from 'zod';
import { canDeleteEdition } from '../../../domain/editorial/edition-rules.ts';
import { EditorEditionSchema, type EditorEdition } from '../../../domain/schemas/edition.ts';
import { etagOf } from '../../../domain/editorial/versions.ts';
import { ApiClientError } from '../../../lib/api-client.ts';
import { accountClient, describeFailure } from '../../account/form-support.ts';
import { fill } from '../../account/texts.ts';
import type { EditionsManagerTexts } from '../texts.ts';

export type ManagerView = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; editionId: number | null };

export interface EditionsManagerState {
  status: 'loading' | 'loaded' | 'error';
  editions: EditorEdition[];
  view: ManagerView;
  /** Editions whose delete is under way (their delete buttons are disabled). */
  deleting: number[];
  /** The edition being promoted, while its call runs. */
  promoting: number | null;
  /** A create or update is under way. */
  saving: boolean;
  /** The message after 'Fehler: ' (spec §8), or null. */
  error: string | null;
  /** Messages per field from a refused save (the server's, in the page language). */
  fieldErrors: Record<string, string>;
  /** What just succeeded, for the live region. */
  notice: string | null;
  /**
   * A save refused because someone else saved the edition after the list was loaded (issue 27 point
   * 4): the edition as stored now and the payload that was sent; the form keeps what was typed.
   */
  conflict: { editionId: number; current: EditorEdition; mine: Record<string, unknown> } | null;
}

/** The calls the store makes (the page's API client; tests pass their own). */
export interface ManagerClient {
  get: <T>(path: string, options: { schema: z.ZodType<T> }) => Promise<T>;
  post: <T>(path: string, body: unknown, options: { schema: z.ZodType<T> }) => Promise<T>;
  patch: <T>(path: string, body: unknown, options: { schema: z.ZodType<T> }) => Promise<T>;
  delete: (path: string, options?: { headers?: Record<string, string> }) => Promise<unknown>;
}

export interface EditionsManagerOptions {
  bookId: number;
  locale: string;
  texts: EditionsManagerTexts;
  client?: ManagerClient;
  /** Called after every change the server accepted. */
  onChanged?: () => void;
}

export interface EditionsManager {
  $state: MapStore<EditionsManagerState>;
  load: () => Promise<void>;
  openCreate: () => void;
  openEdit: (editionId: number) => void;
  backToList: () => void;
  /** Sends the form's payload (a create or, in the edit view, an update); true when saved. */
  save: (payload: Record<string, unknown>, basedOn?: number) => Promise<boolean>;
  /** After a conflict: sends what was typed again, over the stored edition. */
  overwrite: () => Promise<boolean>;
  /** After a conflict: takes the stored edition into the form (what was typed is discarded). */
  reloadConflict: () => void;
  promote: (editionId: number) => Promise<void>;
  remove: (editionId: number) => Promise<void>;
  dismissError: () => void;
}

const EditionListSchema = z.array(EditorEditionSchema);

/** A 409 to a write based on an older version, with the edition as stored now; else null. */
function staleEdition(error: unknown): EditorEdition | null {
  if (!(error instanceof ApiClientError) || error.status !== 409) return null;
  const current = EditorEditionSchema.safeParse(error.current);
  return current.success ? current.data : null;
}

export function initialManagerState(): EditionsManagerState {
  return { status: 'loading', editions: [], view: { kind: 'list' }, deleting: [], promoting: null, saving: false, error: null, fieldErrors: {}, notice: null, conflict: null };
}

export function createEditionsManager({ bookId, locale, texts, client = accountClient(locale), onChanged }: EditionsManagerOptions): EditionsManager {
  const $state = map<EditionsManagerState>(initialManagerState());
  const listPath = `/api/books/${bookId}/editions`;
  let loadId = 0;

  const patchState = (change: Partial<EditionsManagerState>) => $state.set({ ...$state.get(), ...change });
  const failure = (error: unknown) => describeFailure(error, texts);
  const titleOf = (editionId: number) => $state.get().editions.find((edition) => edition.id === editionId)?.title ?? '';

  async function fetchList(quiet: boolean): Promise<void> {
    const id = ++loadId;
    if (!quiet) patchState({ status: 'loading' });
    try {
      const editions = await client.get(listPath, { schema: EditionListSchema });
      if (id === loadId) patchState({ status: 'loaded', editions });
    } catch (error) {
      if (id !== loadId) return;
      if (quiet) patchState({ error: failure(error).message });
      else patchState({ status: 'error', error: null });
    }
  }

  const load = () => fetchList(false);

  /** After a change: the list as the server has it now, and the page told. */
  async function changed(notice: string): Promise<void> {
    patchState({ notice });
    onChanged?.();
    await fetchList(true);
  }

  function go(view: ManagerView): void {
    patchState({ view, error: null, fieldErrors: {}, notice: null, conflict: null });
  }

  /** The version of an edition as the list has it (each write names it, issue 27 point 4). */
  const versionOf = (editionId: number) => $state.get().editions.find((edition) => edition.id === editionId)?.version;

  async function save(payload: Record<string, unknown>, basedOn?: number): Promise<boolean> {
    const { view, saving } = $state.get();
    if (saving || view.kind === 'list' || (view.kind === 'edit' && view.editionId === null)) return false;
    patchState({ saving: true, error: null, fieldErrors: {}, notice: null, conflict: null });
    try {
      const saved =
        view.kind === 'create'
          ? await client.post(listPath, payload, { schema: EditorEditionSchema })
          : await client.patch(`/api/editions/${view.editionId}`, { ...payload, version: basedOn ?? versionOf(view.editionId!) }, { schema: EditorEditionSchema });
      // Spec §4: a successful create or update returns to the list.
      patchState({ saving: false, view: { kind: 'list' } });
      await changed(fill(texts[view.kind === 'create' ? 'editorial.editions.created' : 'editorial.editions.updated'], { title: saved.title }));
      return true;
    } catch (error) {
      const current = view.kind === 'edit' ? staleEdition(error) : null;
      if (current) {
        patchState({ saving: false, conflict: { editionId: current.id, current, mine: payload } });
        return false;
      }
      const { message } = failure(error);
      const fieldErrors: Record<string, string> = {};
      if (error instanceof ApiClientError) for (const detail of error.details ?? []) fieldErrors[detail.path] ??= detail.message;
      patchState({ saving: false, error: message, fieldErrors });
      return false;
    }
  }

  async function promote(editionId: number): Promise<void> {
    if ($state.get().promoting !== null) return;
    patchState({ promoting: editionId, error: null, notice: null });
    try {
      const promoted = await client.patch(`/api/editions/${editionId}`, { isPrimaryEdition: true, version: versionOf(editionId) }, { schema: EditorEditionSchema });
      patchState({ promoting: null });
      await changed(fill(texts['editorial.editions.promoted'], { title: promoted.title }));
    } catch (error) {
      patchState({ promoting: null, error: failure(error).message });
      // Someone else changed it meanwhile: the list shows what the server has (the message says so).
      if (staleEdition(error)) await fetchList(true);
    }
  }

  async function remove(editionId: number): Promise<void> {
    const state = $state.get();
    const edition = state.editions.find((e) => e.id === editionId);
    if (!edition || state.deleting.includes(editionId)) return;
    // Spec §8: the primary edition cannot be deleted (the server refuses it too).
    if (!canDeleteEdition(edition)) {
      patchState({ error: texts['api.error.editionPrimaryDelete'], notice: null });
      return;
    }
    const title = titleOf(editionId);
    patchState({ deleting: [...state.deleting, editionId], error: null, notice: null });
    const done = () => patchState({ deleting: $state.get().deleting.filter((id) => id !== editionId) });
    try {
      await client.delete(`/api/editions/${editionId}`, { headers: { 'if-match': etagOf(edition.version) } });
      done();
      await changed(fill(texts['editorial.editions.deleted'], { title }));
    } catch (error) {
      done();
      patchState({ error: failure(error).message });
      // The list may be stale (another editor promoted it meanwhile): show what the server has.
      if (error instanceof ApiClientError && (error.status === 409 || error.status === 404)) await fetchList(true);
    }
  }

  return {
    $state,
    load,
    openCreate: () => go({ kind: 'create' }),
    openEdit: (editionId) => go({ kind: 'edit', editionId: $state.get().editions.some((e) => e.id === editionId) ? editionId : null }),
    backToList: () => go({ kind: 'list' }),
    save,
    overwrite: async () => {
      const { conflict } = $state.get();
      return conflict ? save(conflict.mine, conflict.current.version) : false;
    },
    reloadConflict: () => {
      const { conflict, editions } = $state.get();
      if (!conflict) return;
      patchState({ conflict: null, error: null, editions: editions.map((e) => (e.id === conflict.editionId ? conflict.current : e)) });
    },
    promote,
    remove,
    dismissError: () => patchState({ error: null }),
  };
}
