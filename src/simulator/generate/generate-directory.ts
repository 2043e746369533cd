/**
 * Generates the smaller configuration resources: SLA definitions with exclusion periods (note the
 * wire name OperatorReponseTimeThreshold, typo included), operators (some optional fields left out,
 * as the service omits them), operator groups with members, and public status pages.
 */
import { utcToLocal } from '../sim-calendar.ts';
import type { IanaZone } from '../../terms.ts';
import type { SimDirectory, SimGroup, SimMonitor, SimSla } from '../dataset.ts';
import { deterministicGuid, seededRandom } from '../seeded-random.ts';

const SLA_SPECS = [
  { name: 'Default SLA', error: 99, warning: 99.5, loadTime: 5000, response: 30 },
  { name: 'Gold customers', error: 99.9, warning: 99.95, loadTime: 2500, response: 15 },
  { name: 'Internal tools', error: 97, warning: 98.5, loadTime: 8000, response: 120 },
  { name: 'Webshop peak season', error: 99.5, warning: 99.8, loadTime: 3000, response: 10 },
];

/** SLAs; monitors get `slaIndex` assigned here (about 60 % have one). */
export function generateSlas(
  seed: number,
  monitors: SimMonitor[],
  historyStartSec: number,
  nowSec: number,
  zone: IanaZone,
): SimSla[] {
  const local = (sec: number): string => utcToLocal(new Date(sec * 1000), zone);
  let exclusionId = 501;
  const slas = SLA_SPECS.map((spec, i) => {
    const rng = seededRandom(seed, 'sla', i);
    const guid = deterministicGuid(seed, 'sla', i);
    const exclusions = Array.from({ length: i % 3 }, (_, k) => {
      const from = historyStartSec + Math.floor(rng.next() * (nowSec - historyStartSec));
      const fromHour = from - (from % 3600);
      return {
        ExclusionPeriodId: exclusionId++,
        Description: k === 0 ? 'Planned migration' : 'Provider outage (contractual exclusion)',
        From: local(fromHour),
        Until: local(fromHour + rng.int(1, 8) * 3600),
        Hash: guid.slice(0, 8) + String(k),
      };
    });
    return {
      guid,
      wire: {
        SlaGuid: guid,
        Hash: guid.replace(/-/g, '').slice(0, 16),
        Description: spec.name,
        UptimeErrorThreshold: spec.error,
        UptimeWarningThreshold: spec.warning,
        LoadTimeErrorThreshold: spec.loadTime,
        OperatorReponseTimeThreshold: spec.response,
      },
      exclusions,
    };
  });
  for (const m of monitors) {
    const roll = seededRandom(seed, 'monitor-sla', m.index).next();
    m.slaIndex = roll < 0.6 ? Math.floor(roll / 0.15) % slas.length : -1;
  }
  return slas;
}

const PEOPLE = [
  'Ada Lovelace',
  'Grace Hopper',
  'Edsger Dijkstra',
  'Barbara Liskov',
  'Donald Knuth',
  'Margaret Hamilton',
  'Ken Thompson',
];

/** Operators, operator groups (Everyone, Administrators, two custom) and status pages. */
export function generateDirectory(
  seed: number,
  monitors: readonly SimMonitor[],
  groups: readonly SimGroup[],
  slas: readonly SimSla[],
  timezoneId: number,
): SimDirectory {
  const operators = PEOPLE.map((name, i) => {
    const guid = deterministicGuid(seed, 'operator', i);
    const email = `${name.split(' ')[0]!.toLowerCase()}@example.com`;
    const op: Record<string, unknown> = {
      OperatorGuid: guid,
      FullName: name,
      Email: email,
      UserName: email,
      MobilePhone: i % 2 === 0 ? `+3161234${String(5670 + i)}` : '',
      IsAccountAdministrator: i === 0,
      BackupEmail: i === 1 ? ` ${email.replace('@', '.backup@')} ` : '',
      IsOnDuty: i !== 3,
      SmsProvider: i === 4 ? 'SmsProviderUSA' : 'UseAccountSetting',
      PhoneProvider: 'UseAccountSetting',
      AllowNativeLogin: true,
      AllowSingleSignon: i === 5,
    };
    // The service leaves out settings an operator inherits from the account.
    if (i % 3 !== 0)
      Object.assign(op, {
        CultureName: i === 2 ? 'nl-NL' : '',
        TimeZoneId: i === 4 ? 56 : timezoneId,
        UseNumericSender: false,
        OutgoingPhoneNumber: '',
      });
    return op;
  });
  const opGuids = operators.map((o) => o.OperatorGuid as string);
  const groupSpec = [
    { Description: 'Everyone', IsEveryone: true, IsAdministratorsGroup: false, members: opGuids },
    {
      Description: 'Administrators',
      IsEveryone: false,
      IsAdministratorsGroup: true,
      members: opGuids.slice(0, 2),
    },
    {
      Description: 'On-call engineers',
      IsEveryone: false,
      IsAdministratorsGroup: false,
      members: opGuids.filter((_, i) => i % 2 === 1),
    },
    { Description: 'Management (no members)', IsEveryone: false, IsAdministratorsGroup: false, members: [] },
  ];
  const operatorGroups = groupSpec.map(({ members, ...rest }, i) => ({
    wire: { OperatorGroupGuid: deterministicGuid(seed, 'operator-group', i), ...rest },
    members,
  }));
  const pick = (count: number, salt: string): string[] =>
    monitors
      .filter((m) => seededRandom(seed, salt, m.index).next() < count / Math.max(monitors.length, 1))
      .map((m) => m.guid);
  const statusPages = [
    {
      name: 'Public status',
      published: true,
      period: 'Last24Hours',
      sla: 0,
      monitors: pick(8, 'psp-1'),
      groups: [] as string[],
    },
    {
      name: 'Customer portal status',
      published: true,
      period: 'CurrentMonth',
      sla: 1,
      monitors: [],
      groups: groups.slice(1, 3).map((g) => g.guid),
    },
    {
      name: 'Internal dashboard (draft)',
      published: false,
      period: 'Last7Days',
      sla: -1,
      monitors: pick(4, 'psp-3'),
      groups: [groups[0]!.guid],
    },
  ].map((p, i) => ({
    PublicDashboardGuid: deterministicGuid(seed, 'status-page', i),
    Name: p.name,
    IsPublished: p.published,
    PresetPeriodType: p.period,
    CustomizationInfo: {
      MainColor: '#1a73e8',
      BackgroundColor: '#ffffff',
      TextColor: '#202124',
      SortColumnsNewToOld: i !== 1,
      SortRowsProperty: i === 2 ? 'ByStatus' : 'Alphabetical',
      CommentTitle: i === 0 ? 'Scheduled maintenance' : '',
      CommentText: '',
    },
    ...(p.sla >= 0 && slas[p.sla] !== undefined
      ? { SlaGuid: slas[p.sla]!.guid, SlaGuidSpecified: true }
      : { SlaGuidSpecified: false }),
    MonitorGuids: p.monitors,
    MonitorGroupGuids: p.groups,
  }));
  return { operators, operatorGroups, statusPages };
}
