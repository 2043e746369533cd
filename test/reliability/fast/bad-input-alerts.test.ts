/**
 * Bad input corpus, alert stream (issue 8; outcomes documented in docs/reliability.md and
 * docs/extraction.md "Bad input"). Every case feeds one piece of bad input into a real `sync`
 * through the simulator's response injection and asserts the documented outcome: stored (and how),
 * rejected with a named error (a row in etl_rejected_record naming stream, window and record id,
 * the run still succeeding), or a failed window (non-zero exit, the window named, nothing of it
 * committed). No case may crash without a message or lose a record silently.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { EXIT } from '../../../src/cli/exit-codes.ts';
import type { InjectionSpec } from '../../../src/simulator/start-simulator.ts';
import {
  alertWindow,
  expectFailedWindow,
  expectRejected,
  expectStored,
  rejectsOf,
  resetAlertTables,
  type AlertWindow,
  type WireAlert,
  type WirePage,
} from '../../support/reliability-corpus.ts';
import { scanText, scanWarehouse, simulatorSecrets } from '../../support/reliability-secret-scan.ts';
import { startReliabilityRig, type ReliabilityRig, type SyncOutcome } from '../../support/reliability-rig.ts';

const NOW = new Date('2025-11-12T08:00:00Z');
const ALERT_ROUTE = '/Alert/MonitorGroup/';

let rig: ReliabilityRig;
/** A week (three pages: 100, 100 and the rest) and the autumn DST day. */
let week: AlertWindow;
let autumnDay: AlertWindow;

beforeAll(async () => {
  rig = await startReliabilityRig({ seed: 3, monitors: 12, days: 30, now: NOW });
  const base = await rig.sync({ streams: ['monitors', 'monitor_groups'] });
  expect(base.exitCode, base.error?.message).toBe(0);
  week = alertWindow(rig, '2025-10-27', '2025-11-03');
  autumnDay = alertWindow(rig, '2025-10-26', '2025-10-27');
  // The cases below rely on a window of more than two pages.
  expect(week.truthIds.length).toBeGreaterThan(200);
  expect(week.truthIds.length).toBeLessThan(300);
});
afterAll(() => rig.close());
beforeEach(() => resetAlertTables(rig));

function readWeek(): Promise<SyncOutcome> {
  return rig.sync({ streams: ['alerts'], from: week.from, to: week.to, windowDays: 7 });
}

/** Edits page `page` (1-based) of the next alert window read. */
function onPage(
  page: number,
  edit: (body: WirePage, request: { query: ReadonlyMap<string, string> }) => unknown,
  times = 1,
): InjectionSpec {
  return {
    match: ALERT_ROUTE,
    skip: page - 1,
    times,
    transform: (body, request) => edit(body as WirePage, request),
  };
}

/** Injects `spec`, reads the week, and checks the rule really fired. */
async function readWeekWith(...specs: InjectionSpec[]): Promise<SyncOutcome> {
  const handles = specs.map((s) => rig.sim.inject(s));
  const outcome = await readWeek();
  handles.forEach((h, i) => expect(h.served, `rule ${i} served`).toBe(specs[i]!.times ?? 1));
  return outcome;
}

/** Changes alert `index` of page 1 and returns its (lower-cased) id through `seen`. */
function corruptFirstPage(index: number, change: (alert: WireAlert) => void, seen: string[]): InjectionSpec {
  return onPage(1, (body) => {
    seen.push(String(body.Data[index]!.Id).toLowerCase());
    change(body.Data[index]!);
    return body;
  });
}

describe('bodies that are not an alert page', () => {
  const retried: [string, string][] = [
    ['malformed JSON', '{"Data": [{"Id": "x",,}'],
    ['truncated JSON', '{"Data": [{"Type": "Alert", "Id": "3e6c1704-5de4-4b4f'],
    ['a 200 with an HTML body', '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>'],
    ['an empty 200 body', ''],
  ];
  for (const [name, body] of retried) {
    it(`${name}, once: retried, then the window is stored`, async () => {
      const outcome = await readWeekWith({ match: ALERT_ROUTE, body });
      await expectStored(rig, week, outcome);
      expect(
        outcome.logs.some((l) => l.level === 'warn' && /API_BAD_RESPONSE on attempt 1/.test(l.msg)),
      ).toBe(true);
    });
  }

  it('malformed JSON on every attempt: the window fails naming route and window (exit 5)', async () => {
    const outcome = await readWeekWith({ match: ALERT_ROUTE, body: '{"Data": [', times: 6 });
    await expectFailedWindow(
      rig,
      week,
      outcome,
      EXIT.data,
      /GET \/Alert\/MonitorGroup\/\{guid\}.*not valid JSON \(cut off or malformed\)/,
    );
  });

  it('an HTML body on every attempt: the window fails (exit 5)', async () => {
    const outcome = await readWeekWith({
      match: ALERT_ROUTE,
      body: '<html><body>Maintenance</body></html>',
      times: 6,
    });
    await expectFailedWindow(rig, week, outcome, EXIT.data, /an HTML or XML page/);
  });

  const shapes: [string, string][] = [
    ['Data not an array', '{"Data": {"Id": "x"}}'],
    ['no Data at all', '{"Cursors": {}}'],
    ['a bare JSON array', '[]'],
    ['JSON null', 'null'],
  ];
  for (const [name, body] of shapes) {
    it(`${name}: the window fails at once, naming the route (exit 5)`, async () => {
      const outcome = await readWeekWith({ match: ALERT_ROUTE, body });
      await expectFailedWindow(
        rig,
        week,
        outcome,
        EXIT.data,
        /GET \/Alert\/MonitorGroup\/\{guid\} answered no Data array/,
      );
    });
  }

  it('a 404 for the group (deleted meanwhile): the window fails naming the route (exit 4)', async () => {
    const outcome = await readWeekWith({
      match: ALERT_ROUTE,
      status: 404,
      body: '{"Messages":[{"Message":"The monitor group does not exist."}]}',
    });
    await expectFailedWindow(rig, week, outcome, EXIT.api, /answered 404: The monitor group does not exist/);
  });

  it('an empty Data array without a cursor: the window is complete with no alerts (the service has the last word)', async () => {
    const outcome = await readWeekWith(onPage(1, () => ({ Data: [] })));
    expect(outcome.exitCode).toBe(0);
    const count = await rig.inspect((db) =>
      sql<{ n: number }>`select count(*)::int as n from uptrends.alert`.execute(db),
    );
    expect(count.rows[0]?.n).toBe(0);
  });

  it('an empty page in the middle that still carries Next: paging goes on, nothing lost', async () => {
    const outcome = await readWeekWith(onPage(2, (body) => ({ ...body, Data: [] })));
    // Page 2's records were answered empty, so they are missing: the service said so, not the ETL.
    expect(outcome.exitCode).toBe(0);
    const stored = await rig.inspect((db) =>
      sql<{ n: number }>`select count(*)::int as n from uptrends.alert`.execute(db),
    );
    expect(stored.rows[0]?.n).toBe(week.truthIds.length - 100);
  });
});

describe('records with missing fields or wrong types', () => {
  const rejected: [string, (a: WireAlert) => void, RegExp][] = [
    ['without Timestamp', (a) => delete a.Attributes.Timestamp, /Attributes\.Timestamp/],
    ['without FirstError', (a) => delete a.Attributes.FirstError, /Attributes\.FirstError/],
    ['without MonitorGuid', (a) => delete a.Attributes.MonitorGuid, /Attributes\.MonitorGuid/],
    ['with Attributes null', (a) => ((a as Record<string, unknown>).Attributes = null), /Attributes/],
    ['with an Id that is not a GUID', (a) => (a.Id = 'not-a-guid'), /^Id:/],
    ['with MonitorCheckId "12abc"', (a) => (a.Attributes.MonitorCheckId = '12abc'), /MonitorCheckId/],
    [
      'with MonitorCheckId beyond 2^53',
      (a) => (a.Attributes.MonitorCheckId = 2 ** 60),
      /would lose precision/,
    ],
    ['with MonitorGuid a number', (a) => (a.Attributes.MonitorGuid = 42), /Attributes\.MonitorGuid/],
    ['with AlertType a number', (a) => (a.Attributes.AlertType = 3), /Attributes\.AlertType/],
    [
      'with ErrorDescription an object',
      (a) => (a.Attributes.ErrorDescription = { text: 'x' }),
      /ErrorDescription/,
    ],
    [
      'with Timestamp "yesterday"',
      (a) => (a.Attributes.Timestamp = 'yesterday'),
      /Timestamp is not a timestamp/,
    ],
    [
      'with Timestamp 2025-02-30T10:00:00 (no such day)',
      (a) => (a.Attributes.Timestamp = '2025-02-30T10:00:00'),
      /Timestamp is not a timestamp/,
    ],
    // Issue 40, item 2: an alert that cannot belong to the window it was asked for.
    [
      'with Timestamp two years before the window',
      (a) => (a.Attributes.Timestamp = '2023-10-28T10:00:00'),
      /Timestamp 2023-10-28T10:00:00 .*lies outside the window asked for \[2025-10-27T00:00:00, 2025-11-03T00:00:00\)/,
    ],
    [
      'with Timestamp in a spring gap months before the window (2025-03-30T02:30)',
      (a) => (a.Attributes.Timestamp = '2025-03-30T02:30:00'),
      /Timestamp 2025-03-30T02:30:00 .*lies outside the window/,
    ],
    [
      'with a -14:00 offset that lands after the window',
      (a) => (a.Attributes.Timestamp = '2025-11-02T20:00:00-14:00'),
      /Timestamp .*lies outside the window/,
    ],
    [
      'with FirstError after its Timestamp',
      (a) => (a.Attributes.FirstError = '2025-11-05T00:00:00'),
      /FirstError 2025-11-05T00:00:00 is after the alert's Timestamp/,
    ],
    [
      'with Timestamp .NET MinValue (no date)',
      (a) => (a.Attributes.Timestamp = '0001-01-01T00:00:00'),
      /Timestamp is missing/,
    ],
  ];
  for (const [name, change, reason] of rejected) {
    it(`an alert ${name}: rejected with its id and the field named; the rest stored`, async () => {
      const seen: string[] = [];
      const outcome = await readWeekWith(corruptFirstPage(7, change, seen));
      const renamed = name.includes('not a GUID');
      await expectRejected(
        rig,
        week,
        outcome,
        [{ id: renamed ? 'not-a-guid' : seen[0]!, reason }],
        renamed ? seen : [],
      );
    });
  }

  it('two alerts without Id on one page: two rejects (record id null), neither dropped silently', async () => {
    const seen: string[] = [];
    const outcome = await readWeekWith(
      onPage(1, (body) => {
        for (const i of [3, 4]) {
          seen.push(String(body.Data[i]!.Id).toLowerCase());
          delete body.Data[i]!.Id;
        }
        return body;
      }),
    );
    const rejects = await expectRejected(
      rig,
      week,
      outcome,
      [
        { id: null, reason: /^Id:/ },
        { id: null, reason: /^Id:/ },
      ],
      seen,
    );
    expect(rejects).toHaveLength(2);
    const stored = await rig.inspect((db) =>
      sql<{ n: number }>`select count(*)::int as n from uptrends.alert`.execute(db),
    );
    expect(stored.rows[0]?.n).toBe(week.truthIds.length - 2);
  });

  it('items that are not objects (a number, a text, null): each rejected, record id null', async () => {
    const outcome = await readWeekWith(
      onPage(1, (body) => ({ ...body, Data: [...body.Data, 42, 'alert', null] })),
    );
    await expectRejected(rig, week, outcome, [
      { id: null, reason: /\(record\)/ },
      { id: null, reason: /\(record\)/ },
      { id: null, reason: /\(record\)/ },
    ]);
  });

  it('MonitorCheckId as a digit string: stored as the number', async () => {
    const seen: string[] = [];
    const outcome = await readWeekWith(
      corruptFirstPage(
        2,
        (a) => (a.Attributes.MonitorCheckId = ` ${String(a.Attributes.MonitorCheckId)} `),
        seen,
      ),
    );
    const stored = await expectStored(rig, week, outcome);
    const truth = rig.sim.truth
      .alerts({ includeReminders: true, start: week.start, end: week.end })
      .find((a) => String(a.Id).toLowerCase() === seen[0]);
    expect(stored.get(seen[0]!)?.monitor_check_id).toBe(
      Number((truth as unknown as WireAlert).Attributes.MonitorCheckId),
    );
  });

  it('without IncidentKey: stored under a key derived from FirstErrorMonitorCheckId, marked derived', async () => {
    const seen: string[] = [];
    let firstErrorCheck = 0;
    const outcome = await readWeekWith(
      corruptFirstPage(
        5,
        (a) => {
          firstErrorCheck = Number(a.Attributes.FirstErrorMonitorCheckId);
          delete a.Attributes.IncidentKey;
        },
        seen,
      ),
    );
    const row = (await expectStored(rig, week, outcome)).get(seen[0]!)!;
    expect([row.incident_key, row.incident_key_derived]).toEqual([`derived:${firstErrorCheck}`, true]);
  });
});

describe('unknown values and awkward text', () => {
  it('AlertType "Warning": stored as sent, reported once per run', async () => {
    const seen: string[] = [];
    const outcome = await readWeekWith(
      onPage(1, (body) => {
        // Two alerts with the value, and both through the fast path and the schema: one report.
        for (const index of [1, 2]) {
          seen.push(String(body.Data[index]!.Id).toLowerCase());
          body.Data[index]!.Attributes.AlertType = 'Warning';
        }
        body.Data[2]!.Attributes.MonitorCheckId = String(body.Data[2]!.Attributes.MonitorCheckId);
        return body;
      }),
    );
    const stored = await expectStored(rig, week, outcome);
    expect(seen.map((id) => stored.get(id)?.alert_type)).toEqual(['Warning', 'Warning']);
    const reports = outcome.logs.filter((l) =>
      /Attributes\.AlertType "Warning", a value this version does not know/.test(l.msg),
    );
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      level: 'info',
      stream: 'alerts',
      field: 'Attributes.AlertType',
      value: 'Warning',
    });
  });

  it('unknown fields (top level and in Attributes): stored, kept in raw, reported once per run', async () => {
    const outcome = await readWeekWith(
      onPage(1, (body) => {
        body.Data.forEach((a) => {
          a.FutureTopField = 1;
          a.Attributes.FutureAttribute = 'x';
        });
        return body;
      }),
    );
    const stored = await expectStored(rig, week, outcome);
    const withField = [...stored.values()].filter(
      (r) =>
        r.raw.FutureTopField === 1 && (r.raw.Attributes as Record<string, unknown>).FutureAttribute === 'x',
    );
    expect(withField).toHaveLength(100);
    expect(
      outcome.logs.filter((l) => /field this version does not know: FutureTopField/.test(l.msg)),
    ).toHaveLength(1);
  });

  it('a 10 MB ErrorDescription: stored exactly as sent', async () => {
    const seen: string[] = [];
    const huge = `${'Stack trace line 0123456789 '.repeat(374_491)}END`;
    expect(huge.length).toBeGreaterThan(10_000_000);
    const outcome = await readWeekWith(
      corruptFirstPage(0, (a) => (a.Attributes.ErrorDescription = huge), seen),
    );
    const row = (await expectStored(rig, week, outcome)).get(seen[0]!)!;
    expect(row.error_description?.length).toBe(huge.length);
    expect(row.error_description?.endsWith('END')).toBe(true);
  });

  it('control characters and NUL: stored, NUL replaced by U+FFFD, the rest as sent', async () => {
    const seen: string[] = [];
    const outcome = await readWeekWith(
      corruptFirstPage(
        0,
        (a) => (a.Attributes.ErrorDescription = 'a\u0000b\u0007c\u001bd\re\tf\u2028g'),
        seen,
      ),
    );
    const row = (await expectStored(rig, week, outcome)).get(seen[0]!)!;
    expect(row.error_description).toBe('a\uFFFDb\u0007c\u001bd\re\tf\u2028g');
  });

  it('formula-looking text: stored verbatim (reports neutralise it, the warehouse keeps the truth)', async () => {
    const texts = ['=HYPERLINK("http://evil.example","x")', '+1', '@SUM(A1:A9)', '-2+3', '\t=1+1'];
    const seen: string[] = [];
    const outcome = await readWeekWith(
      onPage(1, (body) => {
        texts.forEach((t, i) => {
          seen.push(String(body.Data[i]!.Id).toLowerCase());
          body.Data[i]!.Attributes.ErrorDescription = t;
        });
        return body;
      }),
    );
    const stored = await expectStored(rig, week, outcome);
    expect(seen.map((id) => stored.get(id)?.error_description)).toEqual(texts);
  });

  it('an escaped lone surrogate (\\ud800) in a text: stored, the window does not fail', async () => {
    const seen: string[] = [];
    const outcome = await readWeekWith(
      corruptFirstPage(0, (a) => (a.Attributes.ErrorDescription = 'bad \ud800 half'), seen),
    );
    const row = (await expectStored(rig, week, outcome)).get(seen[0]!)!;
    expect(row.error_description).toBe('bad \uFFFD half');
  });
});

describe('duplicates, cursors and page sizes', () => {
  it('the same record twice on one page: stored once, no reject', async () => {
    const outcome = await readWeekWith(
      onPage(1, (body) => ({ ...body, Data: [...body.Data, body.Data[10]] })),
    );
    await expectStored(rig, week, outcome);
    expect(await rejectsOf(rig, outcome.runId)).toEqual([]);
  });

  it('one id twice with different content: the last copy wins', async () => {
    const seen: string[] = [];
    const outcome = await readWeekWith(
      onPage(1, (body) => {
        const copy = structuredClone(body.Data[10]!);
        copy.Attributes.ErrorDescription = 'second copy';
        seen.push(String(copy.Id).toLowerCase());
        return { ...body, Data: [...body.Data, copy] };
      }),
    );
    expect((await expectStored(rig, week, outcome)).get(seen[0]!)?.error_description).toBe('second copy');
  });

  it("a page repeating the previous page's last record: stored once", async () => {
    let last: WireAlert | undefined;
    const outcome = await readWeekWith(
      onPage(1, (body) => ((last = body.Data.at(-1)), body)),
      {
        match: `${ALERT_ROUTE}.*Cursor=`,
        transform: (body) => ({ ...(body as WirePage), Data: [last!, ...(body as WirePage).Data] }),
      },
    );
    await expectStored(rig, week, outcome);
  });

  it('a cursor loop once (a page hands back the cursor it was fetched with): the window restarts and is stored', async () => {
    const outcome = await readWeekWith(
      onPage(2, (body, req) => ({ ...body, Cursors: { ...body.Cursors, Next: req.query.get('cursor') } })),
    );
    await expectStored(rig, week, outcome);
    // One abandoned pass of two pages, then a complete pass of three.
    expect(rig.sim.requestCounts().byRoute['GET /Alert/MonitorGroup/{monitorGroupGuid}']).toMatchObject({
      '200': 4,
      '200 injected': 1,
    });
  });

  it('a cursor loop on every pass: the window fails after 3 restarts, naming the loop (exit 5)', async () => {
    const loop = {
      match: `${ALERT_ROUTE}.*Cursor=`,
      times: 4,
      transform: (body: unknown, req: { query: ReadonlyMap<string, string> }) => ({
        ...(body as WirePage),
        Cursors: { Next: req.query.get('cursor') },
      }),
    };
    const outcome = await readWeekWith(loop);
    await expectFailedWindow(rig, week, outcome, EXIT.data, /after 3 restarts.*Cursor loop/);
  });

  it('an expired cursor once (400): the window restarts from its first page and is stored', async () => {
    const outcome = await readWeekWith({
      match: `${ALERT_ROUTE}.*Cursor=`,
      status: 400,
      body: '{"Messages":[{"Message":"The cursor has expired."}]}',
    });
    await expectStored(rig, week, outcome);
  });

  it('an expired cursor on every pass: the window fails after 3 restarts (exit 4)', async () => {
    const outcome = await readWeekWith({
      match: `${ALERT_ROUTE}.*Cursor=`,
      times: 4,
      status: 400,
      body: '{"Messages":[{"Message":"The cursor has expired."}]}',
    });
    await expectFailedWindow(rig, week, outcome, EXIT.api, /Cursor rejected 4 times.*The cursor has expired/);
  });

  it('a 400 on the first page (no cursor sent): not taken for a cursor problem, the window fails (exit 4)', async () => {
    const outcome = await readWeekWith({
      match: ALERT_ROUTE,
      status: 400,
      body: '{"Messages":[{"Message":"Start must be before End."}]}',
    });
    await expectFailedWindow(rig, week, outcome, EXIT.api, /answered 400: Start must be before End/);
  });

  it('a page larger than Take (150 records): every record stored', async () => {
    const extra: string[] = [];
    const outcome = await readWeekWith(
      onPage(1, (body) => {
        const more = body.Data.slice(0, 50).map((a, i) => {
          const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
          extra.push(id);
          return { ...structuredClone(a), Id: id };
        });
        return { ...body, Data: [...body.Data, ...more] };
      }),
    );
    const stored = await expectStored(rig, week, outcome);
    expect(extra.filter((id) => stored.has(id))).toHaveLength(50);
  });
});

describe('timestamps', () => {
  async function storedTime(
    window: AlertWindow,
    change: (a: WireAlert) => void,
    index = 0,
  ): Promise<{ at: string; local: string }> {
    const seen: string[] = [];
    const outcome = await readWeekWith(corruptFirstPage(index, change, seen));
    const row = (await expectStored(rig, window, outcome)).get(seen[0]!)!;
    return { at: row.raised_at.toISOString(), local: row.raised_at_local };
  }

  it('without seconds (yyyy-MM-ddTHH:mm): stored at :00', async () => {
    expect(await storedTime(week, (a) => (a.Attributes.Timestamp = '2025-10-28T14:05'))).toEqual({
      at: '2025-10-28T13:05:00.000Z',
      local: '2025-10-28 14:05:00',
    });
  });

  it('with seconds: stored as sent (winter time, UTC+1)', async () => {
    expect(await storedTime(week, (a) => (a.Attributes.Timestamp = '2025-10-28T14:05:07'))).toEqual({
      at: '2025-10-28T13:05:07.000Z',
      local: '2025-10-28 14:05:07',
    });
  });

  it('with milliseconds: the instant keeps them', async () => {
    const { at } = await storedTime(week, (a) => (a.Attributes.Timestamp = '2025-10-28T14:05:07.250'));
    expect(at).toBe('2025-10-28T13:05:07.250Z');
  });

  it('with an explicit offset: taken as absolute, the local wall clock derived in the account zone', async () => {
    expect(await storedTime(week, (a) => (a.Attributes.Timestamp = '2025-10-28T14:05:07Z'))).toEqual({
      at: '2025-10-28T14:05:07.000Z',
      local: '2025-10-28 15:05:07',
    });
  });

  it('a repeated autumn time: resolved from stream order (02:40 then 02:20 = 00:40Z then 01:20Z)', async () => {
    const seen: string[] = [];
    const rule = rig.sim.inject(
      onPage(1, (body) => {
        seen.push(String(body.Data[0]!.Id).toLowerCase(), String(body.Data[1]!.Id).toLowerCase());
        body.Data[0]!.Attributes.Timestamp = '2025-10-26T02:40:00';
        body.Data[1]!.Attributes.Timestamp = '2025-10-26T02:20:00';
        return body;
      }),
    );
    const second = await rig.sync({ streams: ['alerts'], from: autumnDay.from, to: autumnDay.to });
    expect(rule.served).toBe(1);
    const stored = await expectStored(rig, autumnDay, second);
    expect(seen.map((id) => stored.get(id)?.raised_at.toISOString())).toEqual([
      '2025-10-26T00:40:00.000Z',
      '2025-10-26T01:20:00.000Z',
    ]);
  });
});

describe('secrets', () => {
  it('no configured password in any log line or message of these runs, no planted password in any table', async () => {
    const secrets = simulatorSecrets(rig.sim);
    expect(scanText('log lines and messages', rig.transcript.join('\n'), secrets)).toEqual([]);
    const { findings, rows } = await rig.inspect((db) => scanWarehouse(db, secrets));
    expect(findings).toEqual([]);
    expect(rig.transcript.length).toBeGreaterThan(50);
    expect(rows).toBeGreaterThan(50);
  });
});
