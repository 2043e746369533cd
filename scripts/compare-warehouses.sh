#!/usr/bin/env bash
# Does a change alter what a sync writes? Syncs the same simulated account with the working tree
# and with another git ref (default: the previous commit on main), into two fresh Postgres
# databases, and compares every table column by column (run stamps excluded). Prints the
# differences and exits 1 when there are any in columns both versions have; columns or tables
# only one version has are listed, not failed (a migration may add them).
#
# Usage: scripts/compare-warehouses.sh [git-ref]
set -euo pipefail
cd "$(dirname "$0")/.."
ref="${1:-HEAD~1}"
work="$(mktemp -d)"
trap 'git worktree remove --force "$work/ref" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

git worktree add --detach "$work/ref" "$ref" >/dev/null
(cd "$work/ref" && npm ci --no-audit --no-fund --silent >/dev/null 2>&1)
node scripts/warehouse-fingerprint.mjs --repo "$work/ref" --db uptrends_compare_ref --port 18932 >"$work/ref.json"
node scripts/warehouse-fingerprint.mjs --repo . --db uptrends_compare_head --port 18933 >"$work/head.json"
node - "$work/ref.json" "$work/head.json" "$ref" <<'JS'
const fs = require('node:fs');
const [a, b, ref] = process.argv.slice(2);
const before = JSON.parse(fs.readFileSync(a, 'utf8'));
const after = JSON.parse(fs.readFileSync(b, 'utf8'));
let differences = 0;
for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
  const x = before[table];
  const y = after[table];
  if (x === undefined || y === undefined) {
    console.log(`${table}: only in ${x === undefined ? 'the working tree' : ref} (not compared)`);
    continue;
  }
  if (x.rows !== y.rows) {
    console.log(`${table}: ${x.rows} rows with ${ref}, ${y.rows} with the working tree`);
    differences++;
  }
  for (const column of new Set([...Object.keys(x.columns), ...Object.keys(y.columns)])) {
    const p = x.columns[column];
    const q = y.columns[column];
    if (p === undefined || q === undefined) console.log(`${table}.${column}: only in ${p === undefined ? 'the working tree' : ref} (not compared)`);
    else if (p !== q) {
      console.log(`${table}.${column}: values differ`);
      differences++;
    }
  }
}
const tables = Object.keys(before).filter((t) => after[t] !== undefined).length;
console.log(differences === 0 ? `identical: ${tables} tables compared with ${ref}` : `${differences} difference(s) against ${ref}`);
process.exit(differences === 0 ? 0 : 1);
JS
