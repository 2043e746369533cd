/**
 * Runs an ES module script, written as text, in a child node process with the repository's
 * TypeScript sources importable (tsx) and the repository as its working directory; returns what the
 * child printed. The tests of process-wide settings (V8 flags, heap limits, peak RSS) need a fresh
 * process each: what they set cannot be undone in the test worker.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root: relative imports in a script resolve from here. */
export const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** Options of moduleChild. */
export interface ModuleChildOptions {
  /** node flags before the script (e.g. `--trace-opt`). */
  readonly nodeArgs?: readonly string[];
  /** Arguments after the script, as `process.argv[1]` onward. */
  readonly args?: readonly string[];
}

/** The standard output of `script` run in a child node; throws (with its stderr) when it fails. */
export function moduleChild(script: string, options: ModuleChildOptions = {}): string {
  return execFileSync(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
      ...(options.args ?? []),
    ],
    { cwd: REPO, encoding: 'utf8' },
  );
}
