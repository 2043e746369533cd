/**
 * Rules the warehouse states once (issue 44): the monitor's life and production mode
 * (sql/functions/12-14) and the default target (sql/functions/05-default_sla_target.sql). No other
 * SQL file, and no SQL in src/, restates them: a change of rule is a change of one file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function files(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full, ext) : name.endsWith(ext) ? [full] : [];
  });
}

const HOMES: Readonly<Record<string, RegExp>> = {
  'functions/05-default_sla_target.sql': /default 99\.9|99\.9::double precision/,
  'functions/13-monitor_life_end.sql': /is_active is false/,
  'functions/14-monitor_is_production.sql': /monitor_mode is null/,
  'functions/12-monitor_life_start.sql': /created_at, '-infinity'/,
};

// The repeatable SQL and src/ (its queries); the migrations that landed are history, never edited.
const sources = [
  ...['functions', 'views'].flatMap((dir) => files(path.join(ROOT, 'sql', dir), '.sql')),
  ...files(path.join(ROOT, 'src'), '.ts'),
].map((file) => ({ file: path.relative(path.join(ROOT, 'sql'), file), text: readFileSync(file, 'utf8') }));

describe('each warehouse rule has one home', () => {
  it.each(Object.entries(HOMES))('%s states its rule, and no other file does', (home, rule) => {
    const stating = sources.filter(({ text }) => rule.test(text)).map(({ file }) => file);
    expect(stating).toEqual([home]);
  });
});
