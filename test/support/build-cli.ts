/**
 * Runs once per vitest run, before any test of the projects that spawn the CLI: compiles src/ into
 * dist/ (`scripts/build.mjs --incremental`: a few seconds when nothing changed). Spawned tests run
 * bin/uptrends-etl.js, the same compiled build a user installs, and since it is rebuilt from the
 * current sources at the start of every run, a stale build can never make a test pass or fail.
 * A type error fails the set-up, and with it the run.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

export default function setup(): void {
  const result = spawnSync(process.execPath, ['scripts/build.mjs', '--incremental'], {
    cwd: REPO,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`npm run build failed, so the CLI tests cannot run:\n${result.stdout}${result.stderr}`);
  }
}
