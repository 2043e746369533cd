import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';

let tdb: TestDatabase;
let cwd: string;
beforeAll(async () => {
  tdb = await createTestDatabase({ onDisk: true });
  await tdb.release();
  cwd = mkdtempSync(path.join(os.tmpdir(), 'cli-config-file-'));
});
afterAll(async () => {
  await tdb.drop();
  rmSync(cwd, { recursive: true, force: true });
});

describe('the configuration file (spawned CLI)', () => {
  it('--config with a bad file exits 2 naming the file, line and field, before touching the warehouse', async () => {
    writeFileSync(path.join(cwd, 'bad.yaml'), 'version: 1\nmail:\n  smtp_url_env: smtp://u:pw-9x@host\n');
    const result = await runCli(['--config', 'bad.yaml', 'status'], tdb.env, cwd);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('bad.yaml:3:3: mail.smtp_url_env');
    expect(result.stderr).not.toContain('pw-9x');
  });

  it('UPTRENDS_ETL_CONFIG names the file; a valid one changes nothing for status', async () => {
    writeFileSync(path.join(cwd, 'good.yaml'), 'mail:\n  from: reports@example.com\n');
    const result = await runCli(['status', '--json'], { ...tdb.env, UPTRENDS_ETL_CONFIG: 'good.yaml' }, cwd);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveProperty('runs');
  });

  it('a bad ./uptrends-etl.yaml in the working directory is read by default', async () => {
    const dir = mkdtempSync(path.join(cwd, 'default-'));
    writeFileSync(path.join(dir, 'uptrends-etl.yaml'), 'mail:\n  form: typo@example.com\n');
    const result = await runCli(['status'], tdb.env, dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('uptrends-etl.yaml:2:3: mail.form: unknown key "form"');
  });

  it('a device or an alias bomb exits 2 with a clear message, at once (issue 32, finding 12)', async () => {
    const started = Date.now();
    const device = await runCli(['--config', '/dev/zero', 'status'], tdb.env, cwd);
    expect(device.code).toBe(2);
    expect(device.stderr).toMatch(/\/dev\/zero \(named by --config\) is a device, not a regular file/);
    expect(Date.now() - started).toBeLessThan(30_000);
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (const [name, prev] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
      ['e', 'd'],
      ['f', 'e'],
      ['g', 'f'],
    ]) {
      levels.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(', ')}]`);
    }
    writeFileSync(path.join(cwd, 'bomb.yaml'), `${levels.join('\n')}\n`);
    const bomb = await runCli(['--config', 'bomb.yaml', 'status'], tdb.env, cwd);
    expect(bomb.code).toBe(2);
    expect(bomb.stderr).toMatch(/\[CONFIG_INVALID\].*aliases \(\*name\) expand too far/);
    expect(bomb.stderr).not.toMatch(/this is a bug/);
  });
});
