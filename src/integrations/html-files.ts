/** The HTML files of a built site, for the integrations that post-process the build. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';

export async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}
