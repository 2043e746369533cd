/**
 * Postgres settings the embedded engine (PGlite) starts with, on top of PGlite's own start
 * parameters, wherever the tool opens it (this thread, the engine's worker thread, `serve`'s wire
 * thread).
 *
 * `shared_buffers`: Postgres's buffer pool, 128 MB by default, is part of the engine's WebAssembly
 * memory, and the engine touches all of it as it starts: opening a demo warehouse and counting its
 * alerts peaked at 250 MB with 128 MB and at 131 MB with 16 MB (issue 42). PGlite reads and writes
 * its files through Node's file system, so the operating system's page cache already keeps what a
 * larger pool would; `report sla` and `report at-risk` on the demo's warehouse ran no slower with
 * 16 MB (docs/performance.md, "The embedded warehouse (PGlite)"). Sorts and hashes use `work_mem`,
 * not the pool. Given on the engine's command line, it holds for every warehouse, new or old,
 * whatever its postgresql.conf says.
 */

/** The settings, as `-c name=value` start parameters. */
export const ENGINE_START_SETTINGS: readonly string[] = Object.freeze(['-c', 'shared_buffers=16MB']);

/** PGlite's own start parameters (`PGlite.defaultStartParams`) followed by the tool's settings. */
export function engineStartParams(pgliteDefaults: readonly string[]): string[] {
  return [...pgliteDefaults, ...ENGINE_START_SETTINGS];
}
