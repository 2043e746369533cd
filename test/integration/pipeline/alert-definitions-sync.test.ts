/**
 * The alert definition streams end to end against the simulator: every definition, member,
 * escalation level, level member and integration lands; a second sync changes nothing; a member
 * record naming neither a monitor nor a group is rejected by name; and the warehouse answers "who
 * was told about this monitor".
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { SyncSummary } from '../../../src/pipeline/run-sync.ts';
import { liveCounts, tableSnapshot } from '../../support/table-snapshot.ts';
import { simulatedSyncRig } from '../../support/simulated-sync.ts';

const STREAMS = [
  'monitors',
  'monitor_groups',
  'monitor_group_members',
  'operators',
  'operator_groups',
  'operator_group_members',
  'alert_definitions',
  'alert_definition_members',
  'alert_escalation_levels',
  'alert_escalation_level_members',
  'alert_escalation_level_integrations',
];
const TABLES = [
  'alert_definition',
  'alert_definition_member',
  'alert_escalation_level',
  'alert_escalation_level_member',
  'alert_escalation_level_integration',
];
const NOW = new Date('2025-11-20T10:17:00Z');

// Every test starts from one sync into an empty warehouse (run once; each test gets its own copy
// of the warehouse and a fresh simulator).
let first: SyncSummary;
const rig = simulatedSyncRig(
  { seed: 5, monitors: 12, days: 5, now: NOW },
  {
    sync: { streams: STREAMS },
    baseline: async (rig) => {
      first = await rig.sync();
    },
  },
);
const sync = () => rig.sync();
const inspect = rig.inspect;

describe('alert definition streams', () => {
  it('load every definition, member, level, level member and integration of the account', async () => {
    const summary = first;
    expect(summary.status).toBe('succeeded');
    const truth = rig.sim.truth.counts();
    expect(truth.escalationLevels).toBeGreaterThan(truth.alertDefinitions);
    expect(await inspect((db) => liveCounts(db, TABLES))).toEqual({
      alert_definition: truth.alertDefinitions,
      alert_definition_member: truth.alertDefinitionMembers,
      alert_escalation_level: truth.escalationLevels,
      alert_escalation_level_member: truth.escalationLevelMembers,
      alert_escalation_level_integration: truth.escalationLevelIntegrations,
    });
    // One request for the list, one per definition for members and levels, one per level for
    // level members and integrations.
    const requests = summary.streams;
    expect(requests.alert_definitions?.requests).toBe(1);
    expect(requests.alert_definition_members?.requests).toBe(truth.alertDefinitions);
    expect(requests.alert_escalation_level_members?.requests).toBe(truth.escalationLevels);
  });

  it('a second sync writes nothing', async () => {
    const before = await inspect((db) => tableSnapshot(db, TABLES));
    const second = await sync();
    for (const name of STREAMS.filter((s) => s.startsWith('alert_')))
      expect(second.streams[name]?.written).toBe(0);
    expect(await inspect((db) => tableSnapshot(db, TABLES))).toEqual(before);
  });

  it('answers who is told about a monitor, through its groups and operator groups', async () => {
    const rows = await inspect((db) =>
      sql<{ alert_name: string; operator_name: string }>`
        with covered as (
          select d.alert_definition_guid, d.name as alert_name
          from uptrends.alert_definition d
          join uptrends.alert_definition_member m on m.alert_definition_guid = d.alert_definition_guid
          left join uptrends.monitor_group_member gm
            on m.member_type = 'monitor_group' and gm.monitor_group_guid = m.member_guid and gm.deleted_at is null
          where d.is_active and m.deleted_at is null
            and coalesce(gm.monitor_guid, m.member_guid) = (select monitor_guid from uptrends.monitor order by monitor_guid limit 1)
        )
        select distinct c.alert_name, o.full_name as operator_name
        from covered c
        join uptrends.alert_escalation_level_member lm on lm.alert_definition_guid = c.alert_definition_guid
        left join uptrends.operator_group_member ogm
          on lm.member_type = 'operator_group' and ogm.operator_group_guid = lm.member_guid
        join uptrends.operator o on o.operator_guid = coalesce(ogm.operator_guid, lm.member_guid)
        order by 1, 2`.execute(db),
    );
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.map((r) => r.alert_name)).toContain('Default alerting');
  });

  it('rejects a member naming neither a monitor nor a group, by name, and keeps the others', async () => {
    rig.sim.inject({
      match: /\/AlertDefinition\/[^/]+\/Member$/,
      transform: (body) => (Array.isArray(body) ? [{ Neither: true }, ...(body as unknown[])] : body),
    });
    try {
      const summary = await sync();
      expect(summary.streams.alert_definition_members?.rejected).toBe(1);
    } finally {
      rig.sim.clearInjections();
    }
    const rejects = await inspect((db) =>
      sql<{
        error: string;
      }>`select error from uptrends.etl_rejected_record where stream = 'alert_definition_members'`.execute(
        db,
      ),
    );
    expect(rejects.rows[0]?.error).toMatch(/exactly one of MonitorGuid and MonitorGroupGuid/);
    const truth = rig.sim.truth.counts();
    expect((await inspect((db) => liveCounts(db, ['alert_definition_member']))).alert_definition_member).toBe(
      truth.alertDefinitionMembers,
    );
  });
});
