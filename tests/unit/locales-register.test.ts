/**
 * One form of address per language (locales/README.md, "Register"): German speaks to the reader with
 * „Sie“, Italian with „tu“. This test looks for the other form's typical words in every value of
 * de.json and it.json and names the key, the value and the word it found.
 *
 * Word boundaries are Unicode-aware lookarounds, not \b: in JavaScript \b only knows ASCII letters, so
 * \böffne\b would never match and \bdu\b would match inside „Hödu“. „Dune“, „Ihre“, „Schublade“ and the
 * noun „Versuche“ („Zu viele Versuche“) must not count.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

function load(locale: string): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
}

const NOT_LETTER_BEFORE = String.raw`(?<![\p{L}\p{N}])`;
const NOT_LETTER_AFTER = String.raw`(?![\p{L}\p{N}])`;
/** Start of the value or of a sentence (after . ! ? … and spaces, or after an opening quote). */
const SENTENCE_START = String.raw`(?:^|(?<=[.!?…]\s+)|(?<=[„"«(]))`;

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const alternatives = (words: readonly string[]) => words.join('|');

/** Any of `words` as a whole word; `flags` decides case-sensitivity. */
const anywhere = (words: readonly string[], flags = 'u') =>
  new RegExp(`${NOT_LETTER_BEFORE}(?:${alternatives(words)})${NOT_LETTER_AFTER}`, flags);
/** Any of `words` (given in lower case) capitalised at the start of a sentence. */
const atSentenceStart = (words: readonly string[]) =>
  new RegExp(`${SENTENCE_START}(?:${alternatives(words.map(capitalise))})${NOT_LETTER_AFTER}`, 'u');

// --- German: no „du“ -------------------------------------------------------------------------------

/** Informal pronouns and possessives, singular and plural, in any case („Du hast …“, „Dein Profil“). */
const GERMAN_INFORMAL_PRONOUNS = [
  'du', 'dich', 'dir', 'dein', 'deine', 'deinen', 'deinem', 'deiner', 'deines',
  'euch', 'euer', 'eure', 'euren', 'eurem', 'eurer', 'eures',
] as const;

/** Second-person singular verb forms (lower case only: „Hast“ is also a noun). */
const GERMAN_DU_VERBS = [
  'bist', 'hast', 'kannst', 'willst', 'möchtest', 'musst', 'darfst', 'siehst', 'liest', 'weißt', 'findest', 'brauchst',
] as const;

/**
 * du-imperatives, found in de.json before it was moved to „Sie“ plus the usual suspects of a catalogue
 * and account UI. Lower case anywhere („Bitte melde dich an“); capitalised only at a sentence start,
 * because „Versuche“ and „Suche“ are also nouns.
 */
const GERMAN_DU_IMPERATIVES = [
  'melde', 'gib', 'bestätige', 'fordere', 'schau', 'öffne', 'sieh', 'lass', 'nutze', 'wähle', 'lade',
  'prüfe', 'überprüfe', 'versuche', 'warte', 'sende', 'setze', 'führe', 'bewerte', 'schreibe', 'aktiviere',
  'ignoriere', 'klicke', 'lies', 'geh', 'gehe', 'nimm', 'tippe', 'entdecke', 'stöbere', 'filtere', 'sortiere',
  'speichere', 'lösche', 'ändere', 'registriere', 'erstelle',
] as const;

const GERMAN_INFORMAL: readonly RegExp[] = [
  anywhere(GERMAN_INFORMAL_PRONOUNS, 'iu'),
  anywhere(GERMAN_DU_VERBS),
  anywhere(GERMAN_DU_IMPERATIVES),
  atSentenceStart(GERMAN_DU_IMPERATIVES),
];

// --- Italian: no „Lei“ -----------------------------------------------------------------------------

/** Courtesy pronouns and possessives: capitalised, so the lower-case „sua“ (his/her) stays allowed. */
const ITALIAN_FORMAL_PRONOUNS = ['Lei', 'Suo', 'Sua', 'Suoi', 'Sue'] as const;

/** Courtesy „La“/„Le“ can only be told from the article by the verb that follows. */
const ITALIAN_FORMAL_PHRASES = [
  'si prega', 'La preghiamo', 'La invitiamo', 'La ringraziamo', 'La informiamo',
  'Le chiediamo', 'Le ricordiamo', 'Le consigliamo', 'Le abbiamo', 'Le invieremo', 'Le inviamo',
] as const;

/**
 * Formal imperatives (third-person subjunctive), capitalised: for -are verbs the lower-case form is also
 * the „tu“ present („se clicchi qui“, „se riprovi“), so only the sentence-opening capital counts.
 */
const ITALIAN_FORMAL_IMPERATIVES = [
  'Inserisca', 'Scelga', 'Verifichi', 'Controlli', 'Acceda', 'Effettui', 'Clicchi', 'Riprovi', 'Prema',
  'Attenda', 'Richieda', 'Confermi', 'Utilizzi', 'Digiti', 'Scarichi', 'Apra', 'Scriva', 'Compili', 'Torni',
] as const;

/** Formal imperatives of -ere/-ire verbs differ from every „tu“ form, so they count in lower case too. */
const ITALIAN_FORMAL_IMPERATIVES_LOWER = ['inserisca', 'scelga', 'acceda', 'prema', 'attenda', 'richieda', 'compili'] as const;

const ITALIAN_FORMAL: readonly RegExp[] = [
  anywhere(ITALIAN_FORMAL_PRONOUNS),
  anywhere(ITALIAN_FORMAL_PHRASES.filter((phrase) => phrase === 'si prega'), 'iu'),
  anywhere(ITALIAN_FORMAL_PHRASES.filter((phrase) => phrase !== 'si prega')),
  anywhere(ITALIAN_FORMAL_IMPERATIVES),
  anywhere(ITALIAN_FORMAL_IMPERATIVES_LOWER),
];

// --- checks ----------------------------------------------------------------------------------------

const firstMatch = (text: string, patterns: readonly RegExp[]) =>
  patterns.map((pattern) => pattern.exec(text)?.[0]).find((match) => match !== undefined);

function offenders(dictionary: Record<string, string>, patterns: readonly RegExp[]): string[] {
  return Object.entries(dictionary).flatMap(([key, value]) => {
    const match = firstMatch(value, patterns);
    return match === undefined ? [] : [`${key}: "${value}" (found "${match}")`];
  });
}

describe('the patterns', () => {
  it.each([
    'Melde dich an, um fortzufahren.',
    'Dein Profil',
    'Du hast schon ein Konto?',
    'Bitte gib dein Passwort ein.',
    'Öffne ihn innerhalb von 30 Minuten.',
    'Versuche es erneut.',
    'Link abgelaufen. Fordere einen neuen an.',
    'Ihr könnt euch anmelden.',
  ])('find informal German in %j', (text) => {
    expect(firstMatch(text, GERMAN_INFORMAL)).toBeDefined();
  });

  it.each([
    'Melden Sie sich an, um fortzufahren.',
    'Ihr Profil',
    'Ihre Leseliste wartet auf Sie.',
    'Dune und der Wüstenplanet',
    'Zu viele Versuche. Bitte warten Sie kurz.',
    'Suche öffnen',
    'Adresse: Schublade, Verzeichnis, Direktlink',
  ])('leave formal or neutral German alone: %j', (text) => {
    expect(firstMatch(text, GERMAN_INFORMAL)).toBeUndefined();
  });

  it.each([
    'Inserisca la Sua password.',
    'Per accedere, La preghiamo di confermare.',
    'Si prega di riprovare.',
    'Riprovi più tardi.',
    'Se non ha un account, ne richieda uno.',
    'Lei ha già un account?',
  ])('find formal Italian in %j', (text) => {
    expect(firstMatch(text, ITALIAN_FORMAL)).toBeDefined();
  });

  it.each([
    'Inserisci la tua password.',
    'La password non è corretta.',
    'Le recensioni arriveranno presto.',
    'Se riprovi più tardi, funzionerà.',
    'Ogni autore e la sua serie.',
    'Non sei autorizzato a farlo.',
  ])('leave informal or neutral Italian alone: %j', (text) => {
    expect(firstMatch(text, ITALIAN_FORMAL)).toBeUndefined();
  });
});

describe('locales/de.json speaks with „Sie“', () => {
  const de = load('de');

  it('has no informal address in any value', () => {
    expect(offenders(de, GERMAN_INFORMAL), 'German values must use „Sie“, not „du“ (locales/README.md)').toEqual([]);
  });

  it('does address the reader as „Sie“', () => {
    expect(Object.values(de).filter((value) => /(?<![\p{L}])Sie(?![\p{L}])/u.test(value)).length).toBeGreaterThan(0);
    expect(Object.values(de).filter((value) => /(?<![\p{L}])Ihre?(?![\p{L}])/u.test(value)).length).toBeGreaterThan(0);
  });
});

describe('locales/it.json speaks with „tu“', () => {
  const itDictionary = load('it');

  it('has no courtesy form in any value', () => {
    expect(offenders(itDictionary, ITALIAN_FORMAL), 'Italian values must use „tu“, not „Lei“ (locales/README.md)').toEqual([]);
  });

  it('does address the reader as „tu“', () => {
    expect(Object.values(itDictionary).filter((value) => /(?<![\p{L}])(tuo|tua|tuoi|tue|ti)(?![\p{L}])/u.test(value)).length).toBeGreaterThan(0);
  });
});
