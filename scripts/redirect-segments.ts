/**
 * The local server's redirect matching (scripts/local-server.ts) without walking ~4,700 slug
 * redirects for every page (issue 10). netlify-redirector tries the rules of `_redirects` in order,
 * crossing from WebAssembly to JavaScript per rule: a page that meets only the final `/en/*` rule cost
 * ~10 ms of CPU, most of a static page's cost under `npm run bench:load` (63 % of the server's CPU in a
 * profile), even with answers remembered per URL, because the bench asks ~5,000 different pages.
 * Netlify's CDN does this work when deployed; locally it is ours.
 *
 * The file is cut in three: the rules before the long run of plain rules (`/from /to 301`: one path,
 * no placeholder, splat, condition or force), that run, and the rules after it. The head and the tail
 * get a matcher each (the same engine, reading their part of the file); the run becomes a set of
 * paths, folded generously (case, trailing slash, `index.html`, repeated slashes). A request whose
 * folded path is in the set asks the full matcher, exactly as before; any other cannot match a rule
 * of the run, so the head's match, else the tail's, is the full file's first match.
 * tests/integration/runtime/redirect-segments.test.ts compares both on a generated file.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RedirectsHandler } from '@netlify/redirects';

type RuleMatch = Awaited<ReturnType<RedirectsHandler['match']>>;
export type RedirectMatcher = (request: Request) => Promise<RuleMatch>;

/** Plain runs shorter than this are not worth cutting out. */
const MIN_RUN = 100;

const PLAIN = /^\/[^\s*:?!#]*$/;

/** Whether a line is a plain rule: three fields, a literal path, a literal target, a status without `!`. */
function isPlain(line: string): boolean {
  const fields = line.trim().split(/\s+/);
  return fields.length === 3 && PLAIN.test(fields[0]!) && PLAIN.test(fields[1]!) && /^\d{3}$/.test(fields[2]!);
}

const isBlank = (line: string) => line.trim() === '' || line.trim().startsWith('#');

/** A path folded so that every path a rule can match folds to the rule's own folded path. */
export function foldRulePath(p: string): string {
  let out = p.toLowerCase().replace(/\/+/g, '/');
  out = out.replace(/\/index\.html?$/, '/').replace(/\.html?$/, '');
  while (out.length > 1 && out.endsWith('/')) out = out.slice(0, -1);
  return out;
}

function handlerFor(lines: string[], dirs: string[]): RedirectsHandler {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'phantastika-redirects-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, '_redirects'), lines.join('\n'));
  return new RedirectsHandler({ projectDir: dir, publicDir: dir, configRedirects: [], jwtRoleClaim: '', jwtSecret: '' });
}

const tempDirs: string[] = [];
process.once('exit', () => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** `full.match`, answered without the long run of plain rules where that cannot change the answer. */
export async function segmentedMatcher(dir: string, full: RedirectsHandler): Promise<RedirectMatcher> {
  const fullMatch: RedirectMatcher = (request) => full.match(request);
  let lines: string[];
  try {
    lines = readFileSync(path.join(dir, '_redirects'), 'utf8').split('\n');
  } catch {
    return fullMatch;
  }
  // The longest run of plain rules (comments and blank lines inside it do not end it).
  let best = { start: 0, end: 0, rules: 0 };
  let run = { start: -1, rules: 0 };
  lines.forEach((line, i) => {
    if (isBlank(line)) return;
    if (isPlain(line)) {
      if (run.start < 0) run = { start: i, rules: 0 };
      run.rules++;
      if (run.rules > best.rules) best = { start: run.start, end: i + 1, rules: run.rules };
    } else run = { start: -1, rules: 0 };
  });
  if (best.rules < MIN_RUN) return fullMatch;
  const paths = new Set(
    lines
      .slice(best.start, best.end)
      .filter((line) => !isBlank(line))
      .map((line) => foldRulePath(line.trim().split(/\s+/)[0]!)),
  );
  const head = handlerFor(lines.slice(0, best.start), tempDirs);
  const tail = handlerFor(lines.slice(best.end), tempDirs);
  // Parse both now, as openBuild does for the full file.
  await head.match(new Request('http://localhost/'));
  await tail.match(new Request('http://localhost/'));
  return async (request) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return fullMatch(request);
    }
    if (paths.has(foldRulePath(pathname))) return fullMatch(request);
    return (await head.match(request)) ?? (await tail.match(request));
  };
}
