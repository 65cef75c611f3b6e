import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import de from '../../../locales/de.json' with { type: 'json' };
import type { EditorEdition as Edition } from '../../domain/schemas/edition.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { anEdition } from '../../../tests/factories/edition.ts';
import { editionPayload, editionValues } from '../../domain/editorial/edition-form.ts';
import { pickTexts } from '../account/texts.ts';
import { EditionsManagerView, type EditionsManagerViewProps } from './EditionsManager.tsx';
import { createEditionsManager, initialManagerState, type EditionsManagerState, type ManagerClient } from './stores/editions-manager.ts';
import { EDITIONS_MANAGER_TEXT_KEYS } from './texts.ts';

// The spec's German texts are the de values (spec §2, §8): the states are checked in German.
const texts = pickTexts(EDITIONS_MANAGER_TEXT_KEYS, (key) => (de as Record<string, string>)[key]!);

/** The manager's editions belong to book 9. */
const edition = (overrides: Partial<Edition> = {}): Edition => ({ version: 1, ...anEdition({ bookId: 9, ...overrides }) });

const primary = edition({ isbn: '978-0-441-17271-9' });
const german = edition({
  title: 'Der Wüstenplanet',
  description: 'Erste deutsche Ausgabe <b>mit</b> Karte.',
  publicationYear: 1967,
  publisher: 'Heyne',
  pages: 512,
  isbn: null,
  isPrimaryEdition: false,
  editionType: 'international',
  bindingType: null,
  languageCode: 'de',
  languageName: 'Deutsch',
  isOriginalLanguage: false,
});

const idle = { load: async () => undefined, openCreate: () => undefined, openEdit: () => undefined, backToList: () => undefined, save: async () => true, promote: async () => undefined, remove: async () => undefined, overwrite: async () => true, reloadConflict: () => undefined };

const render = (state: Partial<EditionsManagerState>, props: Partial<EditionsManagerViewProps> = {}) =>
  renderToStaticMarkup(
    createElement(EditionsManagerView, {
      state: { ...initialManagerState(), status: 'loaded', editions: [primary, german], ...state },
      store: idle,
      texts,
      locale: 'de',
      confirm: () => true,
      maxYear: 2031,
      onClose: () => undefined,
      ...props,
    }),
  );

/** The text of the HTML without its tags (entities as the page shows them). */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/\s+/g, ' ');
/** The tag of the form control named `name`. */
const control = (html: string, name: string) => html.match(new RegExp(`<(?:input|select|textarea)[^>]*name="${name}"[^>]*>`))?.[0] ?? '';
/** The HTML of the list item holding `title`. */
const cardOf = (html: string, title: string) => html.split('<li>').find((part) => part.includes(`>${title}</h3>`)) ?? '';

describe('the list view (spec §2, §4, §8)', () => {
  it("has the 'Neue Edition' and close buttons, and a card per edition", () => {
    const html = render({});
    expect(html).toContain('>Editionen verwalten</h2>');
    expect(html).toMatch(/<button type="button" class="button button--primary">Neue Edition<\/button>/);
    expect(html).toContain('>Schließen</button>');
    expect(html).toContain('aria-label="Editionen dieses Buches"');
    expect(html.match(/<article/g)).toHaveLength(2);
  });

  it("shows title, type badge, 'Hauptausgabe', description, year, publisher, pages, language, binding and ISBN", () => {
    const card = textOf(cardOf(render({}), 'Dune'));
    expect(card).toContain('Dune Originalausgabe Hauptausgabe');
    expect(card).toContain('Jahr 1965');
    expect(card).toContain('Verlag Chilton');
    expect(card).toContain('Seiten 412');
    expect(card).toContain('Sprache English (en)');
    expect(card).toContain('Einband Gebundene Ausgabe');
    expect(card).toContain('ISBN 978-0-441-17271-9');
    const other = textOf(cardOf(render({}), 'Der Wüstenplanet'));
    expect(other).toContain('Internationale Ausgabe');
    expect(cardOf(render({}), 'Der Wüstenplanet')).not.toContain('detail-badge--winner');
    expect(other).toContain('Einband Unbekannt');
    // Typed text stays text.
    expect(cardOf(render({}), 'Der Wüstenplanet')).toContain('Erste deutsche Ausgabe &lt;b&gt;mit&lt;/b&gt; Karte.');
  });

  it('offers promote and delete only on editions that are not the primary; edit on all', () => {
    const html = render({});
    const main = cardOf(html, 'Dune');
    const other = cardOf(html, 'Der Wüstenplanet');
    expect(main).toContain('>Bearbeiten</button>');
    expect(main).not.toContain('Zur Hauptausgabe machen');
    expect(main).not.toContain('>Löschen</button>');
    expect(other).toContain('>Zur Hauptausgabe machen</button>');
    expect(other).toContain('>Bearbeiten</button>');
    expect(other).toContain('>Löschen</button>');
  });

  it("disables that card's delete button while its delete runs", () => {
    const other = cardOf(render({ deleting: [german.id] }), 'Der Wüstenplanet');
    expect(other).toMatch(/<button type="button" class="button button--danger" disabled="" aria-busy="true">Löschen<\/button>/);
    expect(cardOf(render({}), 'Der Wüstenplanet')).toMatch(/class="button button--danger">Löschen/);
  });

  it("says 'Noch keine Editionen vorhanden.' with the hint when there are none", () => {
    const html = render({ editions: [] });
    expect(textOf(html)).toContain('Noch keine Editionen vorhanden. Klicken Sie auf „Neue Edition“, um die erste Edition anzulegen.');
    expect(html).not.toContain('<ul');
  });

  it("shows failures as 'Fehler: ' and the message, in an alert", () => {
    expect(render({ error: 'Die Hauptedition kann nicht gelöscht werden. Nur zusätzliche Editionen können entfernt werden.' })).toContain(
      '<p role="alert" class="editions-manager__error">Fehler: Die Hauptedition kann nicht gelöscht werden. Nur zusätzliche Editionen können entfernt werden.</p>',
    );
  });

  it('says it is loading, and offers a retry when the list could not be loaded', () => {
    expect(textOf(render({ status: 'loading', editions: [] }))).toContain('Editionen werden geladen…');
    const failed = render({ status: 'error', editions: [] });
    expect(failed).toContain('role="alert"');
    expect(textOf(failed)).toContain('Die Editionen konnten nicht geladen werden. Erneut versuchen');
  });

  it('has no close button where the host cannot close it (a book edit page)', () => {
    expect(render({}, { onClose: undefined })).not.toContain('Schließen');
  });
});

describe('the form view (spec §2, §4, §5)', () => {
  it("has back to the list, cancel and submit, with the spec's defaults", () => {
    const html = render({ view: { kind: 'create' }, editions: [] });
    expect(html).toContain('>Zurück zur Liste</button>');
    expect(html).toContain('>Abbrechen</button>');
    expect(html).toContain('<button type="submit" class="button button--primary">Edition anlegen</button>');
    expect(html).toContain('>Neue Edition</h2>');
    // Spec §5 defaults: original, physical, paperback, de (Deutsch), original language, not primary.
    expect(html).toMatch(/<option value="original" selected="">Originalausgabe<\/option>/);
    expect(html).toMatch(/<option value="physical" selected="">Gedruckt<\/option>/);
    expect(html).toMatch(/<option value="paperback" selected="">Paperback<\/option>/);
    expect(html).toMatch(/<option value="de" lang="de" selected="">Deutsch \(de\)<\/option>/);
    expect(control(html, 'languageName')).toContain('value="Deutsch"');
    expect(control(html, 'isOriginalLanguage')).toContain('checked=""');
    expect(control(html, 'isPrimaryEdition')).not.toContain('checked');
  });

  it("defaults to 'revised' once the book has an original, whose option is disabled and labelled as existing", () => {
    const html = render({ view: { kind: 'create' } });
    expect(html).toMatch(/<option value="original" disabled="">Originalausgabe \(bereits vorhanden\)<\/option>/);
    expect(html).toMatch(/<option value="revised" selected="">Überarbeitete Ausgabe<\/option>/);
  });

  it('edits an edition with its own values; the original may stay the original', () => {
    const html = render({ view: { kind: 'edit', editionId: primary.id } });
    expect(html).toContain('>Edition bearbeiten</h2>');
    expect(html).toContain('>Änderungen speichern</button>');
    expect(control(html, 'title')).toContain('value="Dune"');
    expect(html).toMatch(/<option value="original" selected="">Originalausgabe<\/option>/);
    // The primary stays primary until another is promoted: the box is checked and locked, with the hint.
    expect(control(html, 'isPrimaryEdition')).toMatch(/^(?=.*checked="")(?=.*disabled="")/);
    expect(textOf(html)).toContain('Die Hauptausgabe wechselt, wenn Sie eine andere Edition zur Hauptausgabe machen.');
  });

  it('offers a file chooser for the cover, with its preview, Remove and the address as the alternative (issue 29 point 13)', () => {
    const withCover = edition({ id: 77, coverImage: 'https://covers.example/dune.jpg' });
    const html = render({ editions: [withCover], view: { kind: 'edit', editionId: 77 } });
    expect(html).toMatch(/<legend class="field__label">Cover<span class="field__optional"> \(optional\)<\/span><\/legend>/);
    expect(html).toMatch(/<label class="field__label" for="([^"]+)">Bilddatei auswählen<\/label><input id="\1"[^>]*type="file" accept="image\/jpeg,image\/png,image\/webp,image\/avif,image\/heic"/);
    expect(html).toMatch(/<img class="image-field__image" src="https:\/\/covers.example\/dune.jpg" alt="Vorschau: Cover" width="160" height="240"/);
    expect(html).toContain('>Bild entfernen</button>');
    expect(control(html, 'coverImage')).toContain('value="https://covers.example/dune.jpg"');
  });

  // Issue 29 point 25 (spec §3 formats with price and currency, §9 EUR).
  it('offers an optional price with its currency, EUR by default, and shows a stored one on its card', () => {
    const html = render({ view: { kind: 'create' }, editions: [] });
    expect(control(html, 'price')).toMatch(/^(?=.*inputMode="decimal")(?=.*value="")/);
    expect(html).toMatch(/<option value="EUR" selected="">EUR – Euro<\/option>/);
    expect(html).toMatch(/<option value="CHF">CHF – Schweizer Franken<\/option>/);
    const priced = edition({ id: 78, price: 12.5, currency: 'EUR' });
    const form = render({ editions: [priced], view: { kind: 'edit', editionId: 78 } });
    expect(control(form, 'price')).toContain('value="12.50"');
    const card = textOf(cardOf(render({ editions: [priced] }), 'Dune')).replace(/\u00a0/g, ' ');
    expect(card).toContain('Preis 12,50 €');
    expect(textOf(cardOf(render({}), 'Dune'))).not.toContain('Preis');
  });

  it("keeps an edition's unknown binding unknown", () => {
    expect(render({ view: { kind: 'edit', editionId: german.id } })).toMatch(/<option value="" selected="">Unbekannt<\/option>/);
  });

  it("says 'Keine Edition zum Bearbeiten ausgewählt' when the edition to edit is not there", () => {
    const html = render({ view: { kind: 'edit', editionId: null } });
    expect(html).toContain('role="alert" class="editions-manager__state">Keine Edition zum Bearbeiten ausgewählt</p>');
    expect(html).toContain('>Zurück zur Liste</button>');
    expect(html).not.toContain('<form');
  });

  it("shows the server's messages at their fields and its refusal as 'Fehler: '", () => {
    const html = render({ view: { kind: 'create' }, fieldErrors: { editionType: 'Dieses Buch hat bereits eine Originalausgabe.' }, error: 'Dieses Buch hat bereits eine Originalausgabe. Wählen Sie einen anderen Editionstyp.' });
    expect(html).toMatch(/name="editionType"[^>]*aria-invalid="true" aria-describedby="([^"]+)"[\s\S]*<p id="\1" class="field__error">Dieses Buch hat bereits eine Originalausgabe\.<\/p>/);
    expect(html).toContain('Fehler: Dieses Buch hat bereits eine Originalausgabe. Wählen Sie einen anderen Editionstyp.');
  });

  it('shows which fields someone else changed, with reload and overwrite, above the typed form (issue 27)', () => {
    const stored = { ...german, title: 'Wüstenplanet', pages: 600, version: 2 };
    const html = render({ view: { kind: 'edit', editionId: german.id }, conflict: { editionId: german.id, current: stored, mine: { ...editionPayload(editionValues(german)), title: 'Mein Titel' } } });
    const text = textOf(html);
    expect(text).toContain('Jemand anderes hat das inzwischen gespeichert.');
    expect(text).toMatch(/Titel[^:]*: von Ihnen und von jemand anderem geändert/);
    expect(text).toMatch(/Seiten[^:]*: von jemand anderem geändert/);
    expect(html).toContain('>Neu laden (meine Eingaben verwerfen)</button>');
    expect(html).toContain('>Mit meinen Eingaben überschreiben</button>');
  });

  it('says it is saving while the save runs', () => {
    expect(render({ view: { kind: 'create' }, saving: true })).toContain('<button type="submit" class="button button--primary" disabled="">Wird gespeichert…</button>');
  });
});

/** A client answering from a list kept here, as the server would; `fail` makes the next call of a method fail. */
function fakeClient(initial: Edition[]) {
  let editions = [...initial];
  const calls: string[] = [];
  const failures: Partial<Record<'get' | 'post' | 'patch' | 'delete', Error>> = {};
  let release: (() => void) | undefined;
  const client: ManagerClient = {
    async get(path, { schema }) {
      calls.push(`GET ${path}`);
      if (failures.get) throw failures.get;
      return schema.parse(editions);
    },
    async post(path, body, { schema }) {
      calls.push(`POST ${path} ${JSON.stringify(body)}`);
      if (failures.post) throw failures.post;
      const created = edition({ ...(body as Partial<Edition>), isPrimaryEdition: false });
      editions.push(created);
      return schema.parse(created);
    },
    async patch(path, body, { schema }) {
      calls.push(`PATCH ${path} ${JSON.stringify(body)}`);
      if (failures.patch) throw failures.patch;
      const id = Number(path.split('/').pop());
      if ((body as { isPrimaryEdition?: boolean }).isPrimaryEdition) editions = editions.map((e) => ({ ...e, isPrimaryEdition: e.id === id }));
      const changed = { ...editions.find((e) => e.id === id)!, ...(body as Partial<Edition>) };
      editions = editions.map((e) => (e.id === id ? changed : e));
      return schema.parse(changed);
    },
    async delete(path) {
      calls.push(`DELETE ${path}`);
      await new Promise<void>((resolve) => (release = resolve));
      if (failures.delete) throw failures.delete;
      editions = editions.filter((e) => e.id !== Number(path.split('/').pop()));
    },
  };
  return { client, calls, failures, release: () => release?.() };
}

describe('the manager store (spec §4 transitions)', () => {
  const setup = (initial = [primary, german]) => {
    const fake = fakeClient(initial);
    let changes = 0;
    const manager = createEditionsManager({ bookId: 9, locale: 'de', texts, client: fake.client, onChanged: () => changes++ });
    return { manager, fake, changes: () => changes };
  };

  it('loads the list, goes to create or edit, and back or cancel returns to the list', async () => {
    const { manager, fake } = setup();
    expect(manager.$state.get().status).toBe('loading');
    await manager.load();
    expect(manager.$state.get()).toMatchObject({ status: 'loaded', view: { kind: 'list' } });
    expect(manager.$state.get().editions.map((e) => e.title)).toEqual(['Dune', 'Der Wüstenplanet']);
    manager.openCreate();
    expect(manager.$state.get().view).toEqual({ kind: 'create' });
    manager.backToList();
    manager.openEdit(german.id);
    expect(manager.$state.get().view).toEqual({ kind: 'edit', editionId: german.id });
    manager.backToList();
    expect(manager.$state.get().view).toEqual({ kind: 'list' });
    // An edition the list does not have: the form says none was selected.
    manager.openEdit(4711);
    expect(manager.$state.get().view).toEqual({ kind: 'edit', editionId: null });
    expect(fake.calls).toEqual(['GET /api/books/9/editions']);
  });

  it('a successful create or update returns to the list, reads it again and tells the page', async () => {
    const { manager, fake, changes } = setup();
    await manager.load();
    manager.openCreate();
    expect(await manager.save({ title: 'Neu' })).toBe(true);
    expect(manager.$state.get()).toMatchObject({ view: { kind: 'list' }, saving: false, notice: 'Edition „Neu“ angelegt.' });
    expect(manager.$state.get().editions.map((e) => e.title)).toContain('Neu');
    manager.openEdit(german.id);
    expect(await manager.save({ title: 'Planet' })).toBe(true);
    expect(manager.$state.get().notice).toBe('Edition „Planet“ gespeichert.');
    expect(fake.calls.filter((c) => !c.startsWith('GET'))).toEqual([`POST /api/books/9/editions {"title":"Neu"}`, `PATCH /api/editions/${german.id} {"title":"Planet","version":1}`]);
    expect(changes()).toBe(2);
  });

  it('keeps what was typed when someone else saved the edition first, then overwrites or reloads (issue 27)', async () => {
    const { manager, fake, changes } = setup();
    await manager.load();
    manager.openEdit(german.id);
    const stored = { ...german, title: 'Der Wüstenplanet (neu)', version: 2 };
    fake.failures.patch = new ApiClientError('Jemand anderes hat das geändert.', 409, 'CONFLICT', undefined, stored);
    expect(await manager.save({ title: 'Planet' })).toBe(false);
    expect(manager.$state.get()).toMatchObject({ view: { kind: 'edit', editionId: german.id }, saving: false, conflict: { editionId: german.id, current: stored, mine: { title: 'Planet' } } });
    delete fake.failures.patch;
    expect(await manager.overwrite()).toBe(true);
    expect(fake.calls.filter((c) => c.startsWith('PATCH')).at(-1)).toBe(`PATCH /api/editions/${german.id} {"title":"Planet","version":2}`);
    expect(manager.$state.get().conflict).toBeNull();
    expect(changes()).toBe(1);

    manager.openEdit(german.id);
    fake.failures.patch = new ApiClientError('Jemand anderes hat das geändert.', 409, 'CONFLICT', undefined, { ...stored, version: 5 });
    await manager.save({ title: 'Noch einmal' });
    manager.reloadConflict();
    expect(manager.$state.get().conflict).toBeNull();
    expect(manager.$state.get().editions.find((e) => e.id === german.id)?.version).toBe(5);
  });

  it("stays in the form with the server's field messages when a save is refused", async () => {
    const { manager, fake, changes } = setup();
    await manager.load();
    manager.openCreate();
    fake.failures.post = new ApiClientError('Dieses Buch hat bereits eine Originalausgabe. Wählen Sie einen anderen Editionstyp.', 409, 'CONFLICT', [
      { path: 'editionType', key: 'validation.edition.originalExists', message: 'Dieses Buch hat bereits eine Originalausgabe.' },
    ]);
    expect(await manager.save({ title: 'Zweites Original', editionType: 'original' })).toBe(false);
    expect(manager.$state.get()).toMatchObject({
      view: { kind: 'create' },
      error: 'Dieses Buch hat bereits eine Originalausgabe. Wählen Sie einen anderen Editionstyp.',
      fieldErrors: { editionType: 'Dieses Buch hat bereits eine Originalausgabe.' },
    });
    expect(changes()).toBe(0);
  });

  it('promotes with only isPrimaryEdition: true and shows the new primary', async () => {
    const { manager, fake } = setup();
    await manager.load();
    await manager.promote(german.id);
    expect(fake.calls).toContain(`PATCH /api/editions/${german.id} {"isPrimaryEdition":true,"version":1}`);
    expect(manager.$state.get().editions.filter((e) => e.isPrimaryEdition).map((e) => e.title)).toEqual(['Der Wüstenplanet']);
    expect(manager.$state.get().notice).toBe('„Der Wüstenplanet“ ist jetzt die Hauptausgabe.');
  });

  it('marks an edition as deleting while its delete runs, then removes it', async () => {
    const { manager, fake } = setup();
    await manager.load();
    const running = manager.remove(german.id);
    expect(manager.$state.get().deleting).toEqual([german.id]);
    // A second press while it runs sends nothing more.
    await manager.remove(german.id);
    expect(fake.calls.filter((c) => c.startsWith('DELETE'))).toHaveLength(1);
    fake.release();
    await running;
    expect(manager.$state.get().deleting).toEqual([]);
    expect(manager.$state.get().editions.map((e) => e.title)).toEqual(['Dune']);
  });

  it("refuses to delete the primary with the spec's text, without a call", async () => {
    const { manager, fake } = setup();
    await manager.load();
    await manager.remove(primary.id);
    expect(manager.$state.get().error).toBe('Die Hauptedition kann nicht gelöscht werden. Nur zusätzliche Editionen können entfernt werden.');
    expect(fake.calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);
  });

  it("shows the server's refusal and reads the list again (it was stale)", async () => {
    const { manager, fake } = setup();
    await manager.load();
    fake.failures.delete = new ApiClientError('Die Hauptedition kann nicht gelöscht werden. Nur zusätzliche Editionen können entfernt werden.', 409, 'CONFLICT');
    const running = manager.remove(german.id);
    fake.release();
    await running;
    expect(manager.$state.get()).toMatchObject({ error: 'Die Hauptedition kann nicht gelöscht werden. Nur zusätzliche Editionen können entfernt werden.', deleting: [] });
    expect(fake.calls.filter((c) => c.startsWith('GET'))).toHaveLength(2);
  });

  it('says when the list could not be loaded', async () => {
    const { manager, fake } = setup();
    fake.failures.get = new ApiClientError('Serverfehler', 500, 'INTERNAL');
    await manager.load();
    expect(manager.$state.get().status).toBe('error');
  });
});
