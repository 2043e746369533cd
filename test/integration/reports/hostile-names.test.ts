/**
 * Names come from the monitored account, so they are untrusted: a control character in a group or
 * monitor name (a form feed, a BEL) must not fail the SLA workbook, its charts or the PDF (it did:
 * "SVG data parsing failed ... non-XML character", exit 7, every night), and prints without it.
 * Names in Japanese, Chinese, Korean or with emoji print in the PDF in a face that has their
 * glyphs (they printed blank in DejaVu Sans, which has none).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSlaReport } from '../../../src/reports/sla/write-sla-report.ts';
import { buildMailContent } from '../../../src/reports/mail/mail-content.ts';
import { loadWorkbook } from '../../unit/reports/xlsx-reader.ts';
import { readPdf } from '../../support/pdf-text.ts';
import {
  A,
  AFTER_OCTOBER,
  B,
  C,
  G1,
  G2,
  octoberFixture,
  octoberModels,
  type FixtureModels,
} from '../../support/report-fixture.ts';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

let dir: string;
let fixture: FixtureModels;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hostile-names-'));
  const data = octoberFixture();
  data.groups = data.groups.map((g) => (g.guid === G1 ? { ...g, name: 'Shop\f team\u0007' } : g));
  data.monitors = data.monitors.map((m) => (m.guid === A ? { ...m, name: 'Web\u0007 A\u000b' } : m));
  data.groups = data.groups.map((g) => (g.guid === G2 ? { ...g, name: '東京ウェブサイト監視' } : g));
  data.monitors = data.monitors.map((m) =>
    m.guid === B ? { ...m, name: '서울 API 🚀' } : m.guid === C ? { ...m, name: '北京 DNS 臺灣' } : m,
  );
  fixture = await octoberModels(data);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await fixture.tdb.drop();
});

describe('control characters in names', () => {
  it('write the workbook with its charts, and the PDF, without them', async () => {
    const written = await writeSlaReport(fixture.sla, {
      outDir: dir,
      clock: () => AFTER_OCTOBER,
      formats: ['xlsx', 'pdf'],
    });
    const workbook = await loadWorkbook(await readFile(written.workbook!));
    // Both charts were drawn.
    expect(workbook.getWorksheet('Summary')!.getImages()).toHaveLength(2);
    const groups = workbook.getWorksheet('Monitor groups')!;
    const names: string[] = [];
    groups.eachRow((row) => names.push(row.getCell(1).text));
    expect(names).toContain('Shop team');
    const pdf = await readPdf(written.paths.find((p) => p.endsWith('.pdf'))!);
    expect(pdf.text).toContain('Shop team');
    expect(pdf.text).toContain('Web A');
    expect(pdf.text).not.toMatch(CONTROL);
  });

  it('print CJK and emoji names in the PDF in a face that has them, Latin text staying in DejaVu Sans', async () => {
    const written = await writeSlaReport(fixture.sla, {
      outDir: join(dir, 'cjk'),
      clock: () => AFTER_OCTOBER,
      formats: ['pdf'],
    });
    const pdf = await readPdf(written.paths.find((p) => p.endsWith('.pdf'))!);
    const fontsOf = (text: string): Set<string> =>
      new Set(pdf.items.filter((i) => i.text.includes(text)).map((i) => i.font.replace(/^[A-Z]{6}\+/, '')));
    expect(fontsOf('東京ウェブサイト監視')).toEqual(new Set(['NotoSansSC-Regular']));
    expect(fontsOf('北京')).toEqual(new Set(['NotoSansSC-Regular']));
    expect(fontsOf('서울')).toEqual(new Set(['NotoSansKR-Regular']));
    expect(fontsOf('🚀')).toEqual(new Set(['NotoEmoji-Regular']));
    const latin = [...fontsOf('Web A')];
    expect(latin.length).toBeGreaterThan(0);
    expect(latin.every((f) => f.startsWith('DejaVuSans'))).toBe(true);
    // Each piece of a mixed name is drawn, in order, on one line.
    expect(pdf.text).toMatch(/서울 ?API ?🚀/u);
    expect(pdf.text).toContain('東京ウェブサイト監視');
    expect(pdf.text).not.toContain('\uFFFD');
  });

  it('leave the mail without them too', () => {
    const mail = buildMailContent({ sla: fixture.sla, attached: [], omitted: [] });
    expect(mail.text).toContain('Shop team');
    expect(mail.html).not.toMatch(CONTROL);
  });
});
