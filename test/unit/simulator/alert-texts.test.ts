/**
 * Issue 41: the demo looks like a real account, down to an incident's first error: a Ping monitor
 * reports packet loss, never an SMTP greeting or an HTTP status; a database monitor cannot connect
 * to its database. Checked over every incident of both profiles, against what each kind of check
 * can observe (a network check sees no HTTP, a web check no SMTP, ...).
 */
import { describe, expect, it } from 'vitest';
import { generateDataset } from '../../../src/simulator/generate-dataset.ts';
import { FIRST_AWKWARD_DESCRIPTION } from '../../../src/simulator/generate/alert-texts.ts';

const NOW = new Date('2026-11-28T04:50:00Z');
const WEB = new Set([
  'Http',
  'Https',
  'WebserviceHttp',
  'WebserviceHttps',
  'FullPageCheck',
  'Transaction',
  'MultiStepApi',
  'PostmanApi',
]);

/** What a check of `type` cannot report, by the protocol it speaks. */
function impossible(type: string, text: string): boolean {
  if (/^HTTP status|Page content|Load time limit|^Step \d/.test(text)) return !WEB.has(type);
  if (text.startsWith('SMTP')) return type !== 'SMTP';
  if (text.startsWith('Ping')) return type !== 'Ping';
  if (text.includes('database server')) return type !== 'MySQL' && type !== 'MSSQL';
  if (text.startsWith('Certificate')) return type !== 'Certificate';
  return false;
}

describe.each(['realistic', 'failure-heavy'] as const)('the %s profile', (profile) => {
  const ds = generateDataset({ seed: 1, monitors: 60, days: 90, now: NOW, profile });
  const t = ds.timeline;

  it("gives every incident a first error its monitor's type can report", () => {
    const misfits: string[] = [];
    let ordinary = 0;
    for (const m of ds.monitors) {
      for (let k = t.monIncOffset[m.index]!; k < t.monIncOffset[m.index + 1]!; k++) {
        if (t.incDesc[k]! >= FIRST_AWKWARD_DESCRIPTION) continue; // hostile texts are for tests
        ordinary += 1;
        const text = ds.descriptions[t.incDesc[k]!]!;
        if (impossible(m.type, text)) misfits.push(`${m.type}: ${text}`);
      }
    }
    expect(ordinary).toBeGreaterThan(20);
    expect(misfits).toEqual([]);
  });
});
