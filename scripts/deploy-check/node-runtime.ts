/**
 * The Node that runs the bundles (issue 26 point 4): Netlify's function runtime is Node 22, while the
 * repository's own Node (the `node` devDependency) is newer. The npm package `node@22` brings the
 * binary; it is installed once into .data/ (ignored by git) and reused.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const FUNCTION_RUNTIME_MAJOR = 22;

/** The path of a Node 22 binary, installing it into `cacheDir` on first use. */
export function ensureFunctionRuntimeNode(cacheDir: string, log: (message: string) => void): string {
  const binary = path.join(cacheDir, 'node_modules', 'node', 'bin', 'node');
  if (existsSync(binary) && majorOf(binary) === FUNCTION_RUNTIME_MAJOR) return binary;
  log(`Installing Node ${FUNCTION_RUNTIME_MAJOR} (Netlify's function runtime) into ${path.relative(process.cwd(), cacheDir)} ...`);
  // Its output (npm's notes on install scripts) only matters when it fails, and then execFileSync throws with it.
  execFileSync('npm', ['install', '--prefix', cacheDir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node@${FUNCTION_RUNTIME_MAJOR}`], { stdio: 'pipe' });
  const major = majorOf(binary);
  if (major !== FUNCTION_RUNTIME_MAJOR) throw new Error(`Installing node@${FUNCTION_RUNTIME_MAJOR} gave ${binary} of major version ${major}`);
  return binary;
}

function majorOf(binary: string): number | undefined {
  try {
    return Number(/^v(\d+)\./.exec(execFileSync(binary, ['--version'], { encoding: 'utf8' }))?.[1]);
  } catch {
    return undefined;
  }
}
