/**
 * /{locale}/editions-manager-texts.json: the editions manager's texts in one language, written at
 * build time. The manager opens over the book pop-up, which is not an Astro island, so no page can
 * pass its texts as props there; this file is the props (fetched only when a super user opens it).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { editionsManagerTexts } from '../../components/editorial/editions-manager-texts.server.ts';
import { LOCALES, type Locale } from '../../domain/enums.ts';

export const getStaticPaths = (() => LOCALES.map((locale) => ({ params: { locale } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) =>
  new Response(JSON.stringify(editionsManagerTexts(params.locale as Locale)), { headers: { 'content-type': 'application/json; charset=utf-8' } });
