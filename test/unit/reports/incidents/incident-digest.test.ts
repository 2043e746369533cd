/**
 * The incident report's one pass over its incidents (incident-digest.ts): the count, the first
 * rows for the sheet, and the longest for the PDF, against what the whole list sorted by hand
 * gives.
 */
import { describe, expect, it } from 'vitest';
import { digestIncidents, IncidentDigester } from '../../../../src/reports/incidents/incident-digest.ts';
import type { IncidentFigure } from '../../../../src/reports/queries/figures.ts';

/** An incident with a key and a duration in minutes (null: no duration). */
const incident = (key: string, minutes: number | null): IncidentFigure =>
  ({ incident_key: key, duration_seconds: minutes === null ? null : minutes * 60 }) as IncidentFigure;

async function* stream(rows: readonly IncidentFigure[]): AsyncGenerator<IncidentFigure> {
  for (const row of rows) yield await Promise.resolve(row);
}

// Oldest first, as the query gives them.
const ROWS = [
  incident('a', 5),
  incident('b', 30),
  incident('c', null),
  incident('d', 30),
  incident('e', 90),
  incident('f', 0),
  incident('g', 30),
];

describe('digestIncidents', () => {
  it('counts every incident and keeps the first `limit` in their order', async () => {
    const digest = await digestIncidents(stream(ROWS), 3);
    expect(digest.count).toBe(7);
    expect(digest.first.map((r) => r.incident_key)).toEqual(['a', 'b', 'c']);
  });

  it('keeps every incident when the limit is not reached', async () => {
    const digest = await digestIncidents(stream(ROWS.slice(0, 2)), 3);
    expect(digest.count).toBe(2);
    expect(digest.first.map((r) => r.incident_key)).toEqual(['a', 'b']);
  });

  it('lists the longest first, the older of equal ones first, a missing duration as none', async () => {
    // By length: e 90; b, d, g 30 (in their order); a 5; c (none) and f 0 last, in their order.
    const digest = await digestIncidents(stream(ROWS));
    expect(digest.longest.map((r) => r.incident_key)).toEqual(['e', 'b', 'd', 'g', 'a', 'c', 'f']);
  });

  it('keeps only as many of the longest as it is told', () => {
    const digester = new IncidentDigester(0, 3);
    for (const row of ROWS) digester.add(row);
    const digest = digester.digest();
    expect(digest.longest.map((r) => r.incident_key)).toEqual(['e', 'b', 'd']);
    expect(digest.first).toEqual([]);
    expect(digest.count).toBe(7);
  });

  it('passes the incidents on unchanged while it counts them', async () => {
    const digester = new IncidentDigester(1);
    const seen: string[] = [];
    for await (const row of digester.through(stream(ROWS))) seen.push(row.incident_key);
    expect(seen).toEqual(ROWS.map((r) => r.incident_key));
    expect(digester.digest().count).toBe(7);
  });
});
