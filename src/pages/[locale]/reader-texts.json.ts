/**
 * /{locale}/reader-texts.json: the book pop-up's texts in one language, written at build time. The
 * pop-up is not an Astro island (it loads on a reader's intent from any page), so the page cannot
 * pass its texts as props; this file is the props, shared by every page of the language and cached
 * by the browser.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { popupTextBundle } from '../../components/reader/reader-texts.server.ts';
import { LOCALES, type Locale } from '../../domain/enums.ts';

export const getStaticPaths = (() => LOCALES.map((locale) => ({ params: { locale } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) =>
  new Response(JSON.stringify(popupTextBundle(params.locale as Locale)), { headers: { 'content-type': 'application/json; charset=utf-8' } });
