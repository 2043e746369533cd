/**
 * The SLA and incident PDFs, parsed back with pdf.js: A4 pages, fonts embedded, the chart as an
 * image, and the same headline figures the workbook and the mail show (see model.test.ts for how
 * the October fixture's figures come about).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeIncidentReport } from '../../../src/reports/incidents/write-incident-report.ts';
import { writeSlaReport } from '../../../src/reports/sla/write-sla-report.ts';
import { readPdf, type PdfContents } from '../../support/pdf-text.ts';
import {
  AFTER_OCTOBER,
  B,
  octoberFixture,
  octoberModels,
  type FixtureModels,
} from '../../support/report-fixture.ts';
import { digestIncidents } from '../../../src/reports/incidents/incident-digest.ts';

let dir: string;
let sla: PdfContents;
let incidents: PdfContents;
let slaPaths: readonly string[];
let fixture: FixtureModels;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'report-pdf-'));
  const data = octoberFixture();
  // Markup and a formula-like name: a PDF shows both as plain text.
  data.monitors = data.monitors.map((m) => (m.guid === B ? { ...m, name: '=API <b>B</b>' } : m));
  fixture = await octoberModels(data);
  const written = await writeSlaReport(fixture.sla, {
    outDir: dir,
    clock: () => AFTER_OCTOBER,
    formats: ['pdf'],
  });
  slaPaths = written.paths;
  sla = await readPdf(written.paths[0]!);
  const writtenIncidents = await writeIncidentReport(fixture.incidents, {
    outDir: dir,
    clock: () => AFTER_OCTOBER,
    formats: ['pdf'],
  });
  expect((await digestIncidents(fixture.incidents.incidents())).count).toBeGreaterThan(0);
  incidents = await readPdf(writtenIncidents.paths[0]!);
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await fixture.tdb.drop();
});

describe('the SLA PDF', () => {
  it('is one file named like the workbook, with A4 pages', () => {
    expect(slaPaths).toHaveLength(1);
    expect(slaPaths[0]).toMatch(/uptrends-sla_2025-10_Europe-Amsterdam\.pdf$/);
    expect(sla.pages.length).toBeGreaterThanOrEqual(1);
    for (const page of sla.pages) {
      expect(page.width).toBeCloseTo(595.28, 1);
      expect(page.height).toBeCloseTo(841.89, 1);
    }
    expect(sla.title).toBe('SLA report October 2025');
  });

  it('embeds its fonts and uses no standard font the reader would have to supply', () => {
    expect(sla.embeddedFonts).toBeGreaterThanOrEqual(2);
    expect(sla.standardFonts).toEqual([]);
  });

  it('holds the headline figures, the worst monitors, the groups and the charts as images', () => {
    expect(sla.text).toContain('SLA report: October 2025');
    expect(sla.text).toContain('99.712%');
    expect(sla.text).toContain('uptime against a target of 99.000%: Met');
    expect(sla.text).toContain('2:09 (h:mm) for the account as a whole; 28.8% of the error budget used');
    expect(sla.text).toContain('5 started, 1 ongoing at the end');
    expect(sla.text).toContain('2 of 3');
    expect(sla.text).toContain('Five worst monitors');
    expect(sla.text).toContain('=API <b>B</b>');
    expect(sla.text).toContain('Monitor groups');
    expect(sla.text).toContain('Shop');
    // The groups' downtime (summed over members) beside the account's is explained where it is read.
    expect(sla.text).toContain("A group's Downtime adds up each member's own downtime");
    expect(sla.images).toBeGreaterThanOrEqual(1);
    expect(sla.pages.at(-1)!.text).toContain(`page ${sla.pages.length} of ${sla.pages.length}`);
  });
});

describe('the incident PDF', () => {
  it('holds the incident figures and the monitors with the most downtime, fonts embedded, A4', () => {
    expect(incidents.text).toContain('Incident report: October 2025');
    expect(incidents.text).toMatch(/\d+ touched the period, 5 started in it, 1 ongoing/);
    expect(incidents.text).toContain('Monitors with the most downtime');
    expect(incidents.text).toContain('Longest incidents');
    expect(incidents.embeddedFonts).toBeGreaterThanOrEqual(1);
    expect(incidents.standardFonts).toEqual([]);
    expect(incidents.pages[0]!.width).toBeCloseTo(595.28, 1);
  });

  it('breaks no column header inside a word (issue 41: "Incident / s / started")', () => {
    const lines = incidents.items.map((i) => i.text.trim());
    expect(lines).toContain('Incidents');
    expect(lines).toContain('started');
    expect(lines).not.toContain('Incident');
  });
});
