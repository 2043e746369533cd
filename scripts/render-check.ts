/**
 * Render check (issue 14): prints the demo's workbooks the way a manager would, with LibreOffice,
 * and fails when text on a printed page runs off the page or is drawn over other text (a header's
 * second line over the first data row, a caption under a big number, a cut-off cell spilling into
 * its neighbour). The measure is the PDF's own text boxes (`pdftotext -bbox-layout`): a word whose
 * box leaves the page, or two words whose boxes overlap, is a fault a reader would see.
 *
 *   npm run render-check                      # runs the demo into a temporary folder, then checks
 *   npm run render-check -- --reports <dir>   # checks the .xlsx files already in <dir>
 *   npm run render-check -- --png docs/img    # also writes PNGs of the Summary, Monitors, Incidents
 *
 * Needs LibreOffice (`soffice`) and poppler (`pdftotext`, `pdftoppm`); see README "Development".
 * Exit 0: every page is clean; 1: a fault (listed); 2: a tool is missing.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One word of a printed page, in points from the top-left corner. */
export interface Word {
  readonly text: string;
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** One printed page. */
export interface Page {
  readonly number: number;
  readonly width: number;
  readonly height: number;
  readonly words: readonly Word[];
}

/** Pages to picture: the first page whose text has the title, and the PNG's name. */
const PICTURES = [
  { file: 'uptrends-sla', title: 'SLA report - ', png: 'sla-summary' },
  { file: 'uptrends-sla', title: 'Monitors - ', png: 'sla-monitors' },
  { file: 'uptrends-incidents', title: 'Incidents - ', png: 'incidents' },
];

/** Words overlapping by more than this share of the smaller box are drawn over each other. */
const OVERLAP_SHARE = 0.3;

/** Smallest readable print, in points. */
export const MIN_FONT_POINTS = 7;

/** A word's box is this many times its font size (ascent plus descent, measured on LibreOffice's output). */
const BOX_PER_POINT = 1.13;

/**
 * A number, a percentage or a time glued to a capitalised word: two cells' values printed as one
 * ("97.942%Complete", "0:18Incomplete", "00:41:58No").
 */
const RUN_TOGETHER = /[\d%](?=[A-Z][a-z])/;

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function onPath(command: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${command}`]);
    return true;
  } catch {
    return false;
  }
}

const unescape = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The pages and word boxes of `pdf`, read from `pdftotext -bbox-layout`. */
export async function readPages(pdf: string): Promise<Page[]> {
  const { stdout } = await run('pdftotext', ['-bbox-layout', pdf, '-'], { maxBuffer: 512 * 1024 * 1024 });
  const pages: Page[] = [];
  const pageRe = /<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g;
  const wordRe =
    /<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([\s\S]*?)<\/word>/g;
  for (const page of stdout.matchAll(pageRe)) {
    const words = [...page[3]!.matchAll(wordRe)].map((w) => ({
      x0: Number(w[1]),
      y0: Number(w[2]),
      x1: Number(w[3]),
      y1: Number(w[4]),
      text: unescape(w[5]!),
    }));
    pages.push({ number: pages.length + 1, width: Number(page[1]), height: Number(page[2]), words });
  }
  return pages;
}

function overlap(a: Word, b: Word): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (w <= 0 || h <= 0) return 0;
  const smaller = Math.min((a.x1 - a.x0) * (a.y1 - a.y0), (b.x1 - b.x0) * (b.y1 - b.y0));
  return smaller <= 0 ? 0 : (w * h) / smaller;
}

/** What is wrong on `page`, in words. */
export function pageFaults(page: Page): string[] {
  const faults: string[] = [];
  for (const w of page.words) {
    if (w.x0 < -0.5 || w.y0 < -0.5 || w.x1 > page.width + 0.5 || w.y1 > page.height + 0.5)
      faults.push(`"${w.text}" runs off the page at (${w.x0.toFixed(0)}, ${w.y0.toFixed(0)})`);
    if (RUN_TOGETHER.test(w.text))
      faults.push(`"${w.text}" runs two values together at (${w.x0.toFixed(0)}, ${w.y0.toFixed(0)})`);
  }
  const points = smallestFont(page);
  if (points !== null && points < MIN_FONT_POINTS)
    faults.push(`text prints at ${points.toFixed(1)} pt, smaller than ${MIN_FONT_POINTS} pt`);
  const sorted = [...page.words].sort((a, b) => a.y0 - b.y0);
  for (let i = 0; i < sorted.length; i += 1) {
    const a = sorted[i]!;
    for (let j = i + 1; j < sorted.length && sorted[j]!.y0 < a.y1; j += 1) {
      const b = sorted[j]!;
      if (overlap(a, b) > OVERLAP_SHARE)
        faults.push(
          `"${a.text}" and "${b.text}" are drawn over each other at (${a.x0.toFixed(0)}, ${a.y0.toFixed(0)})`,
        );
    }
  }
  return faults;
}

/** The smallest font size on `page`, in points, estimated from its words' boxes; null without words. */
export function smallestFont(page: Page): number | null {
  let smallest: number | null = null;
  for (const w of page.words) {
    const size = (w.y1 - w.y0) / BOX_PER_POINT;
    if (size > 0 && (smallest === null || size < smallest)) smallest = size;
  }
  return smallest;
}

async function demoReports(dir: string): Promise<string> {
  const reports = join(dir, 'reports');
  const env = { ...process.env };
  delete env.DATABASE_URL;
  console.log('running the demo (about a minute)...');
  await run(
    process.execPath,
    ['dist/bin.js', 'demo', '--out', reports, '--data-dir', join(dir, 'data'), '--log-format', 'json', '-q'],
    { env, maxBuffer: 64 * 1024 * 1024 },
  );
  return reports;
}

async function main(): Promise<number> {
  for (const tool of ['soffice', 'pdftotext', 'pdftoppm']) {
    if (!(await onPath(tool))) {
      console.error(
        `render-check: ${tool} is not on PATH. Install LibreOffice and poppler, e.g. apt-get install -y libreoffice-calc-nogui poppler-utils`,
      );
      return 2;
    }
  }
  const work = await mkdtemp(join(tmpdir(), 'render-check-'));
  try {
    const given = argument('--reports');
    const reports = given === undefined ? await demoReports(work) : resolve(given);
    const workbooks = (await readdir(reports)).filter((f) => f.endsWith('.xlsx')).sort();
    if (workbooks.length === 0) {
      console.error(`render-check: no .xlsx in ${reports}`);
      return 2;
    }
    const pdfDir = join(work, 'pdf');
    let faults = 0;
    for (const workbook of workbooks) {
      await run(
        'soffice',
        ['--headless', '--convert-to', 'pdf', '--outdir', pdfDir, join(reports, workbook)],
        {
          env: { ...process.env, HOME: work },
        },
      );
      const pdf = join(pdfDir, workbook.replace(/\.xlsx$/, '.pdf'));
      const pages = await readPages(pdf);
      const smallest = Math.min(...pages.map((p) => smallestFont(p) ?? Number.POSITIVE_INFINITY));
      console.log(`${workbook}: ${pages.length} pages, smallest text ${smallest.toFixed(1)} pt`);
      for (const page of pages) {
        for (const fault of pageFaults(page)) {
          faults += 1;
          if (faults <= 50) console.log(`  page ${page.number}: ${fault}`);
        }
      }
      const pngDir = argument('--png');
      if (pngDir !== undefined) {
        for (const picture of PICTURES.filter((p) => workbook.startsWith(`${p.file}_`))) {
          const page = pages.find((p) =>
            p.words
              .map((w) => w.text)
              .join(' ')
              .includes(picture.title.trim()),
          );
          if (page === undefined) continue;
          const out = join(resolve(pngDir), picture.png);
          await run('pdftoppm', [
            '-png',
            '-singlefile',
            '-scale-to',
            '1100',
            '-f',
            `${page.number}`,
            '-l',
            `${page.number}`,
            pdf,
            out,
          ]);
          console.log(`  page ${page.number} -> ${out}.png`);
        }
      }
    }
    if (faults > 0) {
      console.log(`render-check: ${faults} fault(s)`);
      return 1;
    }
    console.log(
      `render-check: ${workbooks.length} workbook(s), no text off a page, over other text, run together or under ${MIN_FONT_POINTS} pt`,
    );
    return 0;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('render-check.ts') === true) {
  process.exitCode = await main().catch((error: unknown) => {
    console.error(`render-check: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  });
}
