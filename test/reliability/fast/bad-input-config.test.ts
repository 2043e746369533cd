/**
 * Bad input corpus, configuration and statistics streams and the account (issue 8; outcomes in
 * docs/reliability.md). Same rule as the alert corpus: each case ends stored, rejected with a
 * named error, or failed with a message naming stream and route, and leaves what was loaded
 * before intact.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { EXIT } from '../../../src/cli/exit-codes.ts';
import type { InjectionSpec } from '../../../src/simulator/start-simulator.ts';
import { rejectsOf } from '../../support/reliability-corpus.ts';
import { scanText, scanWarehouse, simulatorSecrets } from '../../support/reliability-secret-scan.ts';
import { startReliabilityRig, type ReliabilityRig, type SyncOutcome } from '../../support/reliability-rig.ts';

const NOW = new Date('2025-11-12T08:00:00Z');
const CONFIG = ['monitors', 'monitor_groups', 'monitor_group_members'];

type WireRecord = Record<string, unknown>;

let rig: ReliabilityRig;
let monitorCount = 0;
let memberCount = 0;

beforeAll(async () => {
  rig = await startReliabilityRig({ seed: 5, monitors: 10, days: 10, now: NOW });
  const base = await rig.sync({ streams: CONFIG });
  expect(base.exitCode, base.error?.message).toBe(0);
  monitorCount = rig.sim.truth.counts().monitors;
  memberCount = rig.sim.truth.counts().monitorGroupMemberships;
});
afterAll(() => rig.close());
beforeEach(() => {
  rig.sim.clearInjections();
  rig.sim.resetCounts();
});

async function syncWith(streams: string[], ...specs: InjectionSpec[]): Promise<SyncOutcome> {
  const handles = specs.map((s) => rig.sim.inject(s));
  const outcome = await rig.sync({ streams });
  handles.forEach((h, i) => expect(h.served, `rule ${i} served`).toBe(specs[i]!.times ?? 1));
  return outcome;
}

/** Live and deleted monitor rows. */
async function monitors(): Promise<
  Map<string, { monitor_type: string | null; name: string | null; deleted: boolean }>
> {
  const rows = await rig.inspect((db) =>
    sql<{ guid: string; monitor_type: string | null; name: string | null; deleted: boolean }>`
      select monitor_guid::text as guid, monitor_type, name, deleted_at is not null as deleted from uptrends.monitor`.execute(
      db,
    ),
  );
  return new Map(rows.rows.map((r) => [r.guid, r]));
}

const liveCount = async (): Promise<number> =>
  [...(await monitors()).values()].filter((m) => !m.deleted).length;

/** Edits the monitor list once. */
const monitorList = (edit: (list: WireRecord[]) => unknown): InjectionSpec => ({
  match: '/Monitor$',
  transform: (body) => edit(body as WireRecord[]),
});

describe('monitors', () => {
  it('a monitor without MonitorGuid: rejected (record id null); the others stored; the record is kept in the reject row', async () => {
    let name = '';
    const outcome = await syncWith(
      ['monitors'],
      monitorList((list) => {
        name = String(list[3]!.Name);
        delete list[3]!.MonitorGuid;
        return list;
      }),
    );
    expect(outcome.exitCode).toBe(0);
    const rejects = await rejectsOf(rig, outcome.runId);
    expect(rejects).toMatchObject([{ stream: 'monitors', record_id: null, window_start: null }]);
    expect(rejects[0]!.error).toMatch(/^MonitorGuid:/);
    const raw = await rig.inspect((db) =>
      sql<{
        name: string;
      }>`select raw->>'Name' as name from uptrends.etl_rejected_record where run_id = ${outcome.runId}`.execute(
        db,
      ),
    );
    expect(raw.rows[0]?.name).toBe(name);
    // Without its key the ETL cannot tell which monitor it was: that one is marked deleted (until a
    // later list carries it again); the others stay live.
    expect(await liveCount()).toBe(monitorCount - 1);
    expect(
      outcome.logs.some((l) => l.level === 'warn' && /rejected a record of stream monitors/.test(l.msg)),
    ).toBe(true);
    expect((await rig.sync({ streams: ['monitors'] })).exitCode).toBe(0);
    expect(await liveCount()).toBe(monitorCount);
  });

  it('a monitor with CheckInterval "five": rejected with its GUID; its row from the last good run stays live', async () => {
    let guid = '';
    const outcome = await syncWith(
      ['monitors'],
      monitorList((list) => {
        guid = String(list[2]!.MonitorGuid).toLowerCase();
        list[2]!.CheckInterval = 'five';
        return list;
      }),
    );
    expect(outcome.exitCode).toBe(0);
    expect(await rejectsOf(rig, outcome.runId)).toMatchObject([
      { stream: 'monitors', record_id: guid, error: expect.stringMatching(/CheckInterval/) as unknown },
    ]);
    expect((await monitors()).get(guid)?.deleted).toBe(false);
    expect(await liveCount()).toBe(monitorCount);
  });

  it('MonitorType "Quantum": stored as sent', async () => {
    let guid = '';
    const outcome = await syncWith(
      ['monitors'],
      monitorList((list) => {
        guid = String(list[0]!.MonitorGuid).toLowerCase();
        list[0]!.MonitorType = 'Quantum';
        return list;
      }),
    );
    expect(outcome.exitCode).toBe(0);
    expect((await monitors()).get(guid)?.monitor_type).toBe('Quantum');
  });

  it('the same MonitorGuid twice in the list: one row, the last copy wins', async () => {
    let guid = '';
    const outcome = await syncWith(
      ['monitors'],
      monitorList((list) => {
        guid = String(list[1]!.MonitorGuid).toLowerCase();
        return [...list, { ...list[1]!, Name: 'second copy' }];
      }),
    );
    expect(outcome.exitCode).toBe(0);
    expect((await monitors()).get(guid)?.name).toBe('second copy');
    expect(await liveCount()).toBe(monitorCount);
  });

  it('a name with NUL, control characters and a formula: stored (NUL as U+FFFD)', async () => {
    let guid = '';
    const outcome = await syncWith(
      ['monitors'],
      monitorList((list) => {
        guid = String(list[4]!.MonitorGuid).toLowerCase();
        list[4]!.Name = '=cmd|\u0000\u0007 shop';
        return list;
      }),
    );
    expect(outcome.exitCode).toBe(0);
    expect((await monitors()).get(guid)?.name).toBe('=cmd|\uFFFD\u0007 shop');
  });

  it('secrets in unexpected places (nested password, token header, URL user info): never stored', async () => {
    let guid = '';
    const outcome = await syncWith(
      ['monitors'],
      monitorList((list) => {
        guid = String(list[5]!.MonitorGuid).toLowerCase();
        list[5]!.Password = 'leak-one';
        list[5]!.FutureAuth = { Nested: { ClientSecret: 'leak-two' } };
        list[5]!.RequestHeaders = [{ Name: 'X-Api-Token', Value: 'leak-three' }];
        list[5]!.Url = 'https://user:leak-four@shop.example/';
        return list;
      }),
    );
    expect(outcome.exitCode).toBe(0);
    const dump = await rig.inspect((db) =>
      sql<{
        t: string;
      }>`select m::text as t from uptrends.monitor m where monitor_guid = ${guid}::uuid`.execute(db),
    );
    expect(dump.rows[0]?.t).toContain('shop.example');
    for (const leak of ['leak-one', 'leak-two', 'leak-three', 'leak-four'])
      expect(dump.rows[0]?.t).not.toContain(leak);
  });

  it('the list is an object, not an array: the stream fails naming /Monitor (exit 5); nothing is marked deleted', async () => {
    const outcome = await syncWith(['monitors'], { match: '/Monitor$', body: '{"Data": []}' });
    expect(outcome.exitCode).toBe(EXIT.data);
    expect(outcome.error?.message).toMatch(
      /Stream monitors: \/Monitor answered object instead of a JSON array/,
    );
    expect(await liveCount()).toBe(monitorCount);
  });

  it('a 200 with an HTML body on every attempt: the stream fails naming the route (exit 5); nothing changes', async () => {
    const outcome = await syncWith(['monitors'], {
      match: '/Monitor$',
      body: '<html>Bad gateway</html>',
      times: 6,
    });
    expect(outcome.exitCode).toBe(EXIT.data);
    expect(outcome.error?.message).toMatch(
      /GET \/Monitor \(200\): the body is not valid JSON \(an HTML or XML page\)/,
    );
    expect(await liveCount()).toBe(monitorCount);
  });
});

describe('monitor groups and members', () => {
  const groupMembers = async (): Promise<number> =>
    (
      await rig.inspect((db) =>
        sql<{
          n: number;
        }>`select count(*)::int as n from uptrends.monitor_group_member where deleted_at is null`.execute(db),
      )
    ).rows[0]!.n;

  it('a group without MonitorGroupGuid: rejected (record id null), the run goes on', async () => {
    const outcome = await syncWith(['monitor_groups'], {
      match: '/MonitorGroup$',
      transform: (body) =>
        (body as WireRecord[]).map((g, i) => (i === 2 ? { ...g, MonitorGroupGuid: undefined } : g)),
    });
    expect(outcome.exitCode).toBe(0);
    expect(await rejectsOf(rig, outcome.runId)).toMatchObject([
      { stream: 'monitor_groups', record_id: null },
    ]);
    expect((await rig.sync({ streams: ['monitor_groups'] })).exitCode).toBe(0);
  });

  it('a 404 for a group deleted meanwhile: its member list counts as empty, the stream succeeds and says so', async () => {
    // A group that has members, named: "the second member list asked for" depended on which
    // request reached the simulator second, and was at times the empty group's.
    const group = (
      await rig.inspect((db) =>
        sql<{ g: string }>`select monitor_group_guid::text as g from uptrends.monitor_group_member
          group by 1 order by count(*) desc, 1 limit 1`.execute(db),
      )
    ).rows[0]!.g;
    const outcome = await syncWith(['monitor_group_members'], {
      match: `/MonitorGroup/${group}/Member`,
      status: 404,
      body: '{"Messages":[{"Message":"The monitor group does not exist."}]}',
    });
    expect(outcome.exitCode).toBe(0);
    expect(outcome.logs.some((l) => /no longer exists; treated as empty/.test(l.msg))).toBe(true);
    expect(await groupMembers()).toBeLessThan(memberCount);
    expect((await rig.sync({ streams: ['monitor_group_members'] })).exitCode).toBe(0);
    expect(await groupMembers()).toBe(memberCount);
  });

  it('a 500 on one member list on every attempt: the stream fails naming route and group; memberships unchanged', async () => {
    const group = (
      await rig.inspect((db) =>
        sql<{
          g: string;
        }>`select monitor_group_guid::text as g from uptrends.monitor_group order by 1 limit 1`.execute(db),
      )
    ).rows[0]!.g;
    const outcome = await syncWith(['monitor_group_members'], {
      match: `/MonitorGroup/${group}/Member`,
      times: 6,
      status: 500,
      body: '{"Messages":[{"Message":"An error has occurred."}]}',
    });
    expect(outcome.exitCode).toBe(EXIT.api);
    expect(outcome.error?.message).toMatch(/GET \/MonitorGroup\/\{guid\}\/Member answered 500/);
    expect((outcome.error as { context?: Record<string, unknown> }).context).toMatchObject({
      stream: 'monitor_group_members',
      parent: group,
    });
    expect(await groupMembers()).toBe(memberCount);
  });
});

describe('statistics', () => {
  let monitor = '';
  const statistics = (
    edit: (data: WireRecord[]) => unknown,
    extra: Partial<InjectionSpec> = {},
  ): InjectionSpec => ({
    match: '/Statistics/Monitor/',
    transform: (body) => ({ ...(body as WireRecord), Data: edit((body as { Data: WireRecord[] }).Data) }),
    ...extra,
  });
  const read = (...specs: InjectionSpec[]): Promise<SyncOutcome> => {
    const handles = specs.map((s) => rig.sim.inject(s));
    return rig
      .sync({ streams: ['statistics'], monitors: [monitor], from: '2025-11-03', to: '2025-11-10' })
      .then((o) => {
        handles.forEach((h) => expect(h.served).toBe(1));
        return o;
      });
  };
  const buckets = async (): Promise<number> =>
    (
      await rig.inspect((db) =>
        sql<{ n: number }>`select count(*)::int as n from uptrends.monitor_statistics`.execute(db),
      )
    ).rows[0]!.n;

  beforeEach(async () => {
    monitor = [...(await monitors()).keys()].sort()[0]!;
    await rig.inspect((db) => sql`delete from uptrends.monitor_statistics`.execute(db));
    await rig.inspect((db) => sql`delete from uptrends.etl_state where stream = 'statistics'`.execute(db));
  });

  it('a bucket with Uptime "n/a": rejected naming the window; the other days stored', async () => {
    const outcome = await read(
      statistics((data) =>
        data.map((b, i) =>
          i === 1 ? { ...b, Attributes: { ...(b.Attributes as WireRecord), Uptime: 'n/a' } } : b,
        ),
      ),
    );
    expect(outcome.exitCode).toBe(0);
    expect(await buckets()).toBe(6);
    const rejects = await rejectsOf(rig, outcome.runId);
    expect(rejects).toMatchObject([
      { stream: 'statistics', error: expect.stringMatching(/Attributes\.Uptime/) as unknown },
    ]);
    expect(rejects[0]!.window_start).not.toBeNull();
  });

  it('a bucket without StartDateTime: rejected; the others stored', async () => {
    const outcome = await read(
      statistics((data) =>
        data.map((b, i) =>
          i === 0 ? { ...b, Attributes: { ...(b.Attributes as WireRecord), StartDateTime: undefined } } : b,
        ),
      ),
    );
    expect(outcome.exitCode).toBe(0);
    expect(await buckets()).toBe(6);
    expect((await rejectsOf(rig, outcome.runId))[0]?.error).toMatch(/StartDateTime/);
  });

  it('Data not an array: the stream fails naming monitor, window and route (exit 5); nothing stored', async () => {
    const outcome = await read({ match: '/Statistics/Monitor/', body: '{"Data": "none"}' });
    expect(outcome.exitCode).toBe(EXIT.data);
    expect(outcome.error?.message).toContain(`statistics of monitor ${monitor}`);
    expect(outcome.error?.message).toMatch(
      /for \[2025-11-03T00:00:00, 2025-11-10T00:00:00\) failed: GET \/Statistics\/Monitor\/\{guid\} answered no Data array/,
    );
    expect(await buckets()).toBe(0);
  });

  it('a 404 for a monitor deleted meanwhile: the monitor is skipped with a notice, the run succeeds (exit 0)', async () => {
    const outcome = await read({
      match: '/Statistics/Monitor/',
      status: 404,
      body: '{"Message":"Monitor not found."}',
    });
    expect(outcome.exitCode).toBe(EXIT.ok);
    expect(await buckets()).toBe(0);
  });
});

describe('account', () => {
  it('GET /Account answering HTML on every attempt: the run fails before any stream (exit 5), the ledger says why', async () => {
    const outcome = await syncWith(['monitors'], {
      match: '/Account$',
      body: '<html>login</html>',
      times: 6,
    });
    expect(outcome.exitCode).toBe(EXIT.data);
    expect(outcome.error?.message).toMatch(/GET \/Account \(200\)/);
    const ledger = await rig.inspect((db) =>
      sql<{ status: string }>`select status from uptrends.etl_run where run_id = ${outcome.runId}`.execute(
        db,
      ),
    );
    expect(ledger.rows[0]?.status).toBe('failed');
    expect(await liveCount()).toBe(monitorCount);
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
