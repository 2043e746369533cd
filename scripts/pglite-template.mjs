#!/usr/bin/env node
/**
 * Writes `dist/pglite-template/` (run by scripts/build.mjs): the data directory of a new, empty
 * embedded warehouse, as the tarball PGlite loads (`loadDataDir`), with the PGlite version that
 * made it. Creating a warehouse from it takes the engine's ordinary open (about 3 s, 350 MB peak
 * RSS on the 2-core machine) instead of PGlite's initdb, which runs a second engine beside the
 * first (20 s and 830 MB RSS, memory that stays with the process: docs/performance.md, "The
 * embedded warehouse"). Runs in its own process so the build keeps none of that memory; does
 * nothing when the template of the installed PGlite is already there.
 */
import { Buffer } from 'node:buffer';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'dist', 'pglite-template');
// The version is read from the package's own package.json (its exports do not list the file).
const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
let packageDir = path.dirname(entry);
while (!existsSync(path.join(packageDir, 'package.json'))) packageDir = path.dirname(packageDir);
const version = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;

const manifestFile = path.join(dir, 'template.json');
const tarball = path.join(dir, 'template.tar.gz');
const existing = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : undefined;
if (existing?.pglite === version && existsSync(tarball)) process.exit(0);

rmSync(dir, { recursive: true, force: true });
const { PGlite } = await import('@electric-sql/pglite');
const engine = await PGlite.create();
const dump = await engine.dumpDataDir('gzip');
await engine.close();
mkdirSync(dir, { recursive: true });
writeFileSync(tarball, Buffer.from(await dump.arrayBuffer()));
writeFileSync(manifestFile, `${JSON.stringify({ pglite: version })}\n`);
