/**
 * What a window's alert pages show by themselves (issue 40, item 9): the monitors they name, and
 * one alert's content served again under fresh ids. Content is the alert's monitor, type, times,
 * checks, incident key and texts; two alerts differing in any of them are two contents, however
 * much else they share.
 */
import { describe, expect, it } from 'vitest';
import { MAX_COPIES_PER_ALERT, PageEvidence } from '../../../../src/pipeline/streams/alert-page-evidence.ts';

const MONITOR = '671353AA-7BF5-4100-A32E-16027B9A4122';

/** An alert record as the API sends it, with `id` and any attributes replaced. */
function alert(id: string, attributes: Record<string, unknown> = {}): unknown {
  return {
    Id: id,
    Type: 'Alert',
    Attributes: {
      AlertType: 'Error',
      Timestamp: '2025-07-30T00:58:02',
      FirstError: '2025-07-30T00:57:37',
      IncidentKey: 'incident-1',
      MonitorGuid: MONITOR,
      ErrorMessage: 'Checkpoint Amsterdam: connection timed out after 30 s',
      MonitorCheckId: 35382988200047,
      ErrorDescription: 'Page content does not match the expected pattern',
      FirstErrorMonitorCheckId: 35382985700047,
      ...attributes,
    },
  };
}

describe('PageEvidence', () => {
  it('counts the distinct ids one content came under, and each id once', () => {
    const evidence = new PageEvidence();
    evidence.add([alert('a'), alert('b'), alert('a')]);
    evidence.add([alert('c'), alert('b')]);
    expect(evidence.mostCopies).toBe(3);
    expect(evidence.monitorsNamed).toBe(1);
  });

  it.each([
    ['AlertType', 'Reminder'],
    ['FirstError', '2025-07-30T00:57:38'],
    ['IncidentKey', 'incident-2'],
    ['ErrorMessage', 'Checkpoint Paris: connection timed out after 30 s'],
    ['ErrorDescription', null],
    ['FirstErrorMonitorCheckId', 35382985700048],
    ['MonitorCheckId', '35382988200047'], // a text is not the number
  ])('takes an alert differing only in %s for another content', (field, value) => {
    const evidence = new PageEvidence();
    evidence.add([alert('a'), alert('b', { [field]: value })]);
    expect(evidence.mostCopies).toBe(1);
  });

  it('takes a missing field for null, and equal objects for the same content', () => {
    const evidence = new PageEvidence();
    evidence.add([
      alert('a', { ErrorMessage: undefined, IncidentKey: { part: [1, 'x'] } }),
      alert('b', { ErrorMessage: null, IncidentKey: { part: [1, 'x'] } }),
      alert('c', { ErrorMessage: null, IncidentKey: { part: [1, 'y'] } }),
    ]);
    expect(evidence.mostCopies).toBe(2);
  });

  it('stops counting an alert past the copies its definitions could send', () => {
    const evidence = new PageEvidence();
    const copies = Array.from({ length: MAX_COPIES_PER_ALERT + 5 }, (_, i) => alert(`id-${i}`));
    evidence.add(copies);
    expect(evidence.mostCopies).toBe(MAX_COPIES_PER_ALERT + 1);
  });

  it('counts monitors whatever the case of their GUID, and starts over on reset', () => {
    const evidence = new PageEvidence();
    evidence.add([alert('a'), alert('b', { MonitorGuid: MONITOR.toLowerCase(), MonitorCheckId: 1 })]);
    evidence.add([alert('c', { MonitorGuid: 'another' })]);
    expect(evidence.monitorsNamed).toBe(2);
    evidence.reset();
    expect(evidence.monitorsNamed).toBe(0);
    expect(evidence.mostCopies).toBe(0);
    evidence.add([alert('a')]);
    expect(evidence.mostCopies).toBe(1);
  });

  it('holds a bounded number of names when one GUID comes in ever new cases (hostile source)', () => {
    const evidence = new PageEvidence();
    const guid = 'abcdefab-cdef-abcd-efab-cdefabcdefab';
    // Bit b of n upper-cases the b-th letter: every n below 2^32 is a spelling of its own.
    const letters = [...guid].flatMap((c, i) => (c === '-' ? [] : [i]));
    const spelled = (n: number): string => {
      const chars = [...guid];
      letters.forEach((at, b) => {
        if ((n >>> b) & 1) chars[at] = chars[at]!.toUpperCase();
      });
      return chars.join('');
    };
    const variants = 260_000;
    for (let i = 0; i < variants; i += 1000) {
      evidence.add(
        Array.from({ length: 1000 }, (_, k) =>
          alert(`id-${i + k}`, { MonitorGuid: spelled(i + k), MonitorCheckId: 1 }),
        ),
      );
    }
    expect(evidence.monitorsNamed).toBe(1);
    // Each spelling kept once the cache was unbounded: 260,000 names; the bound is 200,000 spellings.
    expect(evidence.namesHeld).toBeLessThanOrEqual(1 + 200_000);
  });

  it('skips records without attributes', () => {
    const evidence = new PageEvidence();
    evidence.add([null, 'text', { Id: 'x' }, { Id: 'y', Attributes: null }]);
    expect(evidence.mostCopies).toBe(0);
    expect(evidence.monitorsNamed).toBe(0);
  });
});

describe('memory', () => {
  it("keeps no alert's attributes: what it compares is taken at the page (a year's backfill held every alert of its windows)", () => {
    // A page's records are free to go once the page is written: if the evidence kept the
    // attributes object, a change to it after the page would change what later copies are
    // compared with. Taken at the page, the content stays what it was.
    const evidence = new PageEvidence();
    const first = alert('a') as { Attributes: Record<string, unknown> };
    evidence.add([first]);
    first.Attributes.ErrorDescription = 'changed after the page';
    evidence.add([alert('b')]);
    expect(evidence.mostCopies).toBe(2);
  });

  it("holds a window's contents in a table of numbers, whatever the window's size (a year's backfill reads eight windows of tens of thousands at once)", () => {
    // A Map of each content to an array of its ids' texts held about 110 bytes per alert of a
    // window; the table holds 12 bytes a slot, at most four slots a content (just after it doubles).
    const evidence = new PageEvidence();
    const contents = 30_000;
    for (let i = 0; i < contents; i += 100) {
      evidence.add(Array.from({ length: 100 }, (_, k) => alert(`id-${i + k}`, { MonitorCheckId: i + k })));
    }
    expect(evidence.mostCopies).toBe(1);
    // 30,000 contents: 65,536 slots (doubled at 16,385) of 12 bytes.
    expect(evidence.heldBytes).toBe(65_536 * 12);
    expect(evidence.heldBytes / contents).toBeLessThanOrEqual(48);
  });

  it('still finds a content the table held before it grew, and counts its ids', () => {
    const evidence = new PageEvidence();
    evidence.add([alert('first', { MonitorCheckId: 0 })]);
    for (let i = 1; i < 5000; i++) evidence.add([alert(`id-${i}`, { MonitorCheckId: i })]);
    evidence.add([alert('again', { MonitorCheckId: 0 }), alert('first', { MonitorCheckId: 0 })]);
    expect(evidence.mostCopies).toBe(2);
    const before = evidence.heldBytes;
    evidence.add([alert('third', { MonitorCheckId: 0 })]);
    expect(evidence.mostCopies).toBe(3);
    // Each further id of a repeated content is 8 bytes more.
    expect(evidence.heldBytes).toBe(before + 8);
  });
});
