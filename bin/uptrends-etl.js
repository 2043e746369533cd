#!/usr/bin/env node
// The installed command: runs the bundled build in dist/bundle/ (made by `npm run build`, which
// `npm ci` runs through the `prepare` script, and shipped in the package). See README "Install".
import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';

// V8's young generation stays at its initial size from here on unless node was told otherwise:
// loading the command would grow it before any action runs. Every command but report lets it
// grow again (src/cli/heap-growth.ts, setYoungGeneration, says why).
if (!process.execArgv.some((arg) => /^--semi[-_]space[-_]growth[-_]factor(=|$)/.test(arg))) {
  setFlagsFromString('--semi-space-growth-factor=1');
}

// NO_COLOR wins over FORCE_COLOR (README, "Output"), so FORCE_COLOR goes before anything reads
// it: with both set, Node itself warns "The 'NO_COLOR' env is ignored" when a module it loads
// looks at the terminal's colours.
if ((process.env.NO_COLOR ?? '') !== '' && process.env.FORCE_COLOR !== undefined) {
  delete process.env.FORCE_COLOR;
}

const entry = new URL('../dist/bundle/bin.js', import.meta.url);
if (existsSync(entry)) {
  await import(entry.href);
} else {
  process.stderr.write(
    'uptrends-etl: the compiled build (dist/) is missing: run `npm run build` in the package folder (npm ci runs it too).\n',
  );
  process.exitCode = 1;
}
