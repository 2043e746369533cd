#!/usr/bin/env node
/**
 * `npm run build` (also run by `npm ci` through `prepare`, and by `npm pack`): compiles src/ into
 * dist/, the JavaScript the CLI and the package's API run. dist/ is emptied first, so a source
 * file that was removed or renamed can never leave a stale module behind in a package.
 *
 * `--incremental` (the test suites' set-up) keeps dist/ and TypeScript's build info in it, so a
 * build with no change takes a few seconds; it still recompiles every changed file, so the tests
 * never run an outdated build.
 *
 * Then the command itself is bundled (esbuild) from dist/bin.js into dist/bundle/, which
 * bin/uptrends-etl.js runs: one file per command and its libraries instead of hundreds of small
 * modules, each resolved, read and compiled on every start (docs/performance.md, "Start-up").
 * Only the pure JavaScript libraries listed in BUNDLED go in; every other dependency stays an
 * import of node_modules, so that native code, WebAssembly, worker threads and data files are
 * found where their packages expect them, and a new dependency is never bundled by accident.
 *
 * Last, dist/pglite-template/ (scripts/pglite-template.mjs): the data directory a new embedded
 * warehouse starts from, so that creating one skips PGlite's initdb.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const incremental = process.argv.includes('--incremental');
const dist = path.join(root, 'dist');
// The embedded warehouse's template (scripts/pglite-template.mjs) outlives a full build: it
// depends only on the PGlite version, which that script checks, and takes seconds to make.
const templateDir = path.join(dist, 'pglite-template');
const keptTemplate = existsSync(templateDir)
  ? readdirSync(templateDir).map((name) => [name, readFileSync(path.join(templateDir, name))])
  : [];
if (!incremental) {
  rmSync(dist, { recursive: true, force: true });
  if (keptTemplate.length > 0) mkdirSync(templateDir, { recursive: true });
  for (const [name, bytes] of keptTemplate) writeFileSync(path.join(templateDir, name), bytes);
}

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const args = [tsc, '-p', path.join(root, 'tsconfig.build.json')];
if (incremental) args.push('--incremental', '--tsBuildInfoFile', path.join(dist, '.tsbuildinfo'));
const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
if (result.status !== 0) {
  process.stderr.write(`build: tsc exited with ${result.status ?? result.signal}\n`);
  process.exit(1);
}

/** Dependencies bundled into the command: pure JavaScript, no files of their own read at run time. */
const BUNDLED = new Set([
  'commander',
  'csv-stringify',
  'dotenv',
  'exceljs',
  'kysely',
  'p-limit',
  'pg',
  'pg-copy-streams',
  'undici',
  'vega',
  'vega-lite',
  'zod',
]);
const dependencies = Object.keys(
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).dependencies,
);
const { build } = await import('esbuild');

/**
 * pg's socket module (lib/stream.js) picks Node's sockets or a Cloudflare Worker's by asking
 * whether `Response` accepts a `cf` option; on Node 20 reading that global loads Node's own copy
 * of undici, a tenth of a second of every start that opens a Postgres warehouse. In the bundle
 * that module is its Node half alone (scripts/pg-node-stream.mjs); run from dist/ or src/ (the
 * tests), pg keeps its own.
 */
const pgOnNode = {
  name: 'pg-on-node',
  setup(bundler) {
    bundler.onResolve({ filter: /^\.\/stream$/ }, (args) =>
      /[\\/]node_modules[\\/]pg[\\/]lib[\\/]connection\.js$/.test(args.importer)
        ? { path: path.join(root, 'scripts', 'pg-node-stream.mjs') }
        : undefined,
    );
  },
};
/**
 * Node warns (DEP0005) about `new Buffer()` only in code outside node_modules, and bundled code is
 * outside: archiver-utils 2 (exceljs's zip writer) calls it three times, so every workbook printed
 * a DeprecationWarning to stderr, which the command keeps for its JSON log lines. In the bundle
 * those calls are the constructors that replaced them, with the same results (a number: zeroed
 * bytes; a string: its UTF-8 bytes). A version of the library that calls it otherwise fails the
 * build here, so an upgrade is looked at, not shipped with the warning.
 */
const noBufferConstructor = {
  name: 'no-buffer-constructor',
  setup(bundler) {
    bundler.onLoad({ filter: /[\\/]node_modules[\\/]archiver-utils[\\/]index\.js$/ }, (args) => {
      const replacements = [
        ['new Buffer(size)', 'Buffer.alloc(size)'],
        ['new Buffer(0)', 'Buffer.alloc(0)'],
        ['new Buffer(source)', 'Buffer.from(source)'],
      ];
      let text = readFileSync(args.path, 'utf8');
      for (const [from, to] of replacements) text = text.split(from).join(to);
      if (text.includes('new Buffer(')) {
        throw new Error(`${args.path} calls new Buffer() in a way scripts/build.mjs does not replace`);
      }
      return { contents: text, loader: 'js' };
    });
  },
};
const bundleDir = path.join(dist, 'bundle');
rmSync(bundleDir, { recursive: true, force: true });
try {
  await build({
    entryPoints: [path.join(dist, 'bin.js')],
    outdir: bundleDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.18',
    // pg's optional native binding is looked for at run time, and absent.
    external: [...dependencies.filter((d) => !BUNDLED.has(d)), 'pg-native'],
    // CommonJS libraries in an ES module bundle call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
    plugins: [pgOnNode, noBufferConstructor],
    logLevel: 'warning',
  });
} catch (error) {
  process.stderr.write(
    `build: bundling the command failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}

const template = spawnSync(process.execPath, [path.join(root, 'scripts', 'pglite-template.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (template.status !== 0) {
  process.stderr.write(
    `build: the embedded warehouse's template failed (${template.status ?? template.signal})\n`,
  );
  process.exit(1);
}
