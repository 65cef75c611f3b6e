/**
 * The security headers of every answer (issue 10, point 7), defined once: pages get them from the
 * build's `_headers` file (Netlify's CDN, and the local server through Netlify's @netlify/headers-parser), API
 * answers from `handle()` (a function's response never passes through `_headers` on Netlify).
 */

/** Headers every answer carries, page or API. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // Browsers honour it over HTTPS only, so it is harmless on a local http:// run.
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
};

/** API answers are data, never documents: nothing may load from or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Hashes ('sha256-…' sources) of the inline scripts and styles the built pages contain. */
export interface InlineHashes {
  scripts: readonly string[];
  styles: readonly string[];
}

/**
 * The pages' Content-Security-Policy: our own files, plus exactly the inline scripts and styles of
 * the build by hash. `wasm-unsafe-eval` lets pagefind (full-text search) compile its WebAssembly.
 * @example pageContentSecurityPolicy({ scripts: ['sha256-abc='], styles: [] })
 */
export function pageContentSecurityPolicy(hashes: InlineHashes): string {
  const quoted = (list: readonly string[]) => [...new Set(list)].sort().map((h) => `'${h}'`);
  return [
    "default-src 'self'",
    ["script-src 'self' 'wasm-unsafe-eval'", ...quoted(hashes.scripts)].join(' '),
    ["style-src 'self'", ...quoted(hashes.styles)].join(' '),
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The `_headers` file (Netlify's format) giving every page the common headers and the page CSP. */
export function headersFile(hashes: InlineHashes): string {
  const lines = Object.entries({ ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': pageContentSecurityPolicy(hashes) }).map(([name, value]) => `  ${name}: ${value}`);
  return `# Written by the build (src/integrations/security-headers.ts); do not edit.\n/*\n${lines.join('\n')}\n`;
}

/**
 * The inline hashes a `_headers` file written by `headersFile` allows (an incremental build keeps
 * those of the pages it takes over); none when it has no page CSP.
 * @example inlineHashesOf(headersFile({ scripts: ['sha256-a='], styles: [] })).scripts // ['sha256-a=']
 */
export function inlineHashesOf(file: string): InlineHashes {
  const policy = /^\s*Content-Security-Policy: (.*)$/m.exec(file)?.[1] ?? '';
  const sources = (directive: string) => {
    const value = policy.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${directive} `)) ?? '';
    return [...value.matchAll(/'(sha256-[^']+)'/g)].map((m) => m[1]!);
  };
  return { scripts: sources('script-src'), styles: sources('style-src') };
}
