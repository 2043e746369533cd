/**
 * The report mail's subject and body from the models of the hand-made October account: untrusted
 * names escaped, the headline figures as figure-format.ts writes them, subject placeholders filled
 * from the same figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMailContent } from '../../../src/reports/mail/mail-content.ts';
import { G1, octoberFixture, octoberModels, type FixtureModels } from '../../support/report-fixture.ts';
import { digestIncidents } from '../../../src/reports/incidents/incident-digest.ts';

let fixture: FixtureModels;
beforeAll(async () => {
  const data = octoberFixture();
  data.groups = data.groups.map((g) => (g.guid === G1 ? { ...g, name: '<img src=x onerror=alert(1)>' } : g));
  fixture = await octoberModels(data);
});
afterAll(async () => {
  await fixture.tdb.drop();
});

describe('report mail content', () => {
  it('escapes untrusted names and lists omitted files with their paths', () => {
    const content = buildMailContent({
      sla: fixture.sla,
      attached: [],
      omitted: ['/srv/reports/uptrends-sla_2025-10_Europe-Amsterdam.xlsx'],
    });
    expect(content.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(content.html).not.toContain('<img');
    expect(content.html).toContain('<li>/srv/reports/uptrends-sla_2025-10_Europe-Amsterdam.xlsx</li>');
    expect(content.text).toContain('Uptime: 99.712% (target 99.000%: Met)');
    // September was complete: the comparison is drawn, in percentage points.
    expect(content.text).toContain('Previous period: 99.942%; ▼ 0.230 pp, worse');
  });

  it('fills every subject placeholder its reports can, from the same figures as the body', async () => {
    const both = buildMailContent({
      sla: fixture.sla,
      incidents: fixture.incidents,
      attached: [],
      omitted: [],
      subscription: 'ops',
      subject:
        '{subscription} {period}: {uptime} ({status}), {missed} missed, {incidents} incidents, {ongoing} ongoing',
    });
    expect(both.subject).toBe('ops October 2025: 99.712% (Met), 2 missed, 6 incidents, 1 ongoing');
    // The incident count is the incident report's: six incidents touch October.
    expect((await digestIncidents(fixture.incidents.incidents())).count).toBe(6);
    const incidentsOnly = buildMailContent({
      incidents: fixture.incidents,
      attached: [],
      omitted: [],
      subject: 'Incidents {period}: {incidents} ({ongoing} ongoing)',
    });
    expect(incidentsOnly.subject).toBe('Incidents October 2025: 6 (1 ongoing)');
  });
});
