/**
 * Report files appear whole or not at all, and never through a planted link (issue 17 #10). Before
 * the fix a killed report left a truncated CSV under its final name, and a symbolic link planted
 * at the report's name was followed and its target overwritten.
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../../src/reports/render/atomic-file.ts';
import { writePdf } from '../../../../src/reports/render/pdf-document.ts';
import { writeCsv } from '../../../../src/reports/render/write-csv.ts';

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uptrends-report-files-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const writers: [string, (file: string) => Promise<unknown>][] = [
  ['a workbook (writeFileAtomic)', (file) => writeFileAtomic(file, Buffer.from('PK workbook bytes'))],
  ['a CSV (writeCsv)', (file) => writeCsv(file, ['a', 'b'], [['1', '2']])],
  [
    'a PDF (writePdf)',
    (file) =>
      writePdf(file, { title: 't', subject: 's', footer: 'f', createdAt: new Date(0) }, (pages) => {
        void pages;
      }),
  ],
];

describe.each(writers)('%s', (_name, write) => {
  it('replaces a symbolic link planted at its name instead of writing through it', async () => {
    const dir = scratch();
    const victim = path.join(dir, 'victim.txt');
    writeFileSync(victim, 'precious');
    const file = path.join(dir, 'report.out');
    symlinkSync(victim, file);
    await write(file);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(lstatSync(file).isFile()).toBe(true);
    expect(statSync(file).size).toBeGreaterThan(0);
    expect(readdirSync(dir).sort()).toEqual(['report.out', 'victim.txt']);
  });
});

it('a CSV whose rows fail half-way leaves neither the final file nor a temporary one', async () => {
  const dir = scratch();
  const file = path.join(dir, 'alerts.csv');
  writeFileSync(file, 'the previous complete report\r\n');
  async function* rows(): AsyncGenerator<string[]> {
    for (let i = 0; i < 5_000; i++) yield await Promise.resolve([String(i), 'x'.repeat(100)]);
    throw new Error('the warehouse went away');
  }
  await expect(writeCsv(file, ['n', 'text'], rows())).rejects.toThrow(/went away/);
  expect(readFileSync(file, 'utf8')).toBe('the previous complete report\r\n');
  expect(readdirSync(dir)).toEqual(['alerts.csv']);
});

it('a process killed while writing a CSV leaves no file under the final name', async () => {
  const dir = scratch();
  const file = path.join(dir, 'alerts.csv');
  const module = fileURLToPath(new URL('../../../../dist/reports/render/write-csv.js', import.meta.url));
  expect(existsSync(module), 'the build (npm run build) is needed').toBe(true);
  const child = spawn(process.execPath, [
    '--input-type=module',
    '-e',
    `const { writeCsv } = await import(${JSON.stringify(module)});
     async function* rows() {
       for (let i = 0; i < 20000; i++) yield [String(i), 'x'.repeat(100)];
       process.stdout.write('written');
       await new Promise(() => setInterval(() => {}, 1000));
     }
     await writeCsv(${JSON.stringify(file)}, ['n', 'text'], rows());`,
  ]);
  const closed = new Promise((resolve) => child.on('close', resolve));
  await new Promise((resolve) => child.stdout.once('data', resolve));
  child.kill('SIGKILL');
  await closed;
  expect(existsSync(file)).toBe(false);
  const left = readdirSync(dir);
  expect(left).toHaveLength(1);
  expect(left[0]).toMatch(/^\.alerts\.csv\.[0-9a-f]+\.tmp$/);
});
