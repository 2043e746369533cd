/**
 * Generates the monitor configurations of a simulated account: every MonitorType with its exact wire
 * spelling, mixed modes and intervals (minutes, as the real service uses despite the spec text),
 * ErrorConditions on newer monitors and the deprecated fields on older ones, a few unknown fields,
 * omitted nulls, and a few monitors carrying credentials the ETL must never store.
 */
import { utcToLocal } from '../sim-calendar.ts';
import { KNOWN_MONITOR_TYPES, LEGACY_MONITOR_TYPES } from '../../extract/schemas/monitor.ts';
import type { IanaZone } from '../../terms.ts';
import type { SimMonitor } from '../dataset.ts';
import { deterministicGuid, seededRandom } from '../seeded-random.ts';

/** Every MonitorType wire value the simulator emits: the known ones but the legacy spellings, in their order. */
export const MONITOR_TYPES: readonly (typeof KNOWN_MONITOR_TYPES)[number][] = KNOWN_MONITOR_TYPES.filter(
  (type) => !LEGACY_MONITOR_TYPES.has(type),
);

/** The password some generated monitors carry; the ETL must strip it (tests grep for it). */
export const MONITOR_SECRET = 'sim-monitor-secret-DO-NOT-STORE';

const WEIGHTED_TYPES = [
  'Https',
  'Https',
  'Https',
  'Https',
  'Http',
  'WebserviceHttps',
  'WebserviceHttps',
  'Ping',
  'Connect',
  'DNS',
  'FullPageCheck',
  'FullPageCheck',
  'Transaction',
  'MultiStepApi',
  'Certificate',
  'SMTP',
];
const SITES = [
  'galactic-shop',
  'acme-portal',
  'northwind',
  'contoso-api',
  'fabrikam',
  'tailspin',
  'wingtip',
  'adventure-works',
  'litware',
  'proseware',
];
const PAGES = [
  'homepage',
  'login',
  'checkout',
  'search',
  'status',
  'orders API',
  'mail relay',
  'database',
  'CDN edge',
  'docs',
];
const DAY = 86_400;

function typeFields(
  type: string,
  host: string,
  rng: ReturnType<typeof seededRandom>,
): Record<string, unknown> {
  const url = `https://${host}.example.com/${rng.pick(['', 'login', 'api/health', 'shop'])}`;
  switch (type) {
    case 'Http':
    case 'Https':
    case 'WebserviceHttp':
    case 'WebserviceHttps':
      return {
        Url: type.endsWith('Https') || type === 'Https' ? url : url.replace('https:', 'http:'),
        HttpMethod: type.startsWith('Webservice') ? 'Post' : 'Get',
        RequestHeaders: [{ Name: 'Accept', Value: 'text/html' }],
        UserAgent: 'chrome83',
        IpVersion: 'IpV4',
        ...(type.endsWith('s') ? { TlsVersion: 'Tls12_Tls11', CheckCertificateErrors: true } : {}),
        ...(type.startsWith('Webservice') ? { RequestBody: '{"ping":true}' } : {}),
      };
    case 'Connect':
    case 'POP3':
    case 'SMTP':
    case 'IMAP':
    case 'FTP':
    case 'SFTP': {
      const port = { Connect: 443, POP3: 995, SMTP: 587, IMAP: 993, FTP: 21, SFTP: 22 }[type];
      return {
        NetworkAddress: `${type.toLowerCase()}.${host}.example.com`,
        Port: port,
        IpVersion: 'IpV4',
        ...(type === 'IMAP' ? { ImapSecureConnection: true } : {}),
        ...(type === 'SFTP' ? { SftpAction: 'TestFileExists', SftpActionPath: '/upload/heartbeat.txt' } : {}),
      };
    }
    case 'Ping':
      return { NetworkAddress: `${host}.example.com`, IpVersion: rng.pick(['IpV4', 'IpV6']) };
    case 'MySQL':
    case 'MSSQL':
      return {
        NetworkAddress: `db.${host}.example.com`,
        Port: type === 'MySQL' ? 3306 : 1433,
        DatabaseName: 'orders',
        IpVersion: 'IpV4',
      };
    case 'DNS':
      return {
        DnsServer: '8.8.8.8',
        DnsQuery: 'ARecord',
        DnsExpectedResult: '203.0.113.10',
        DnsTestValue: `${host}.example.com`,
        Port: 53,
      };
    case 'FullPageCheck':
      return {
        Url: url,
        BrowserType: 'Chrome',
        IgnoreExternalElements: false,
        BlockGoogleAnalytics: true,
        BlockUptrendsRum: true,
        BlockUrls: [],
      };
    case 'Transaction':
      return {
        SelfServiceTransactionScript: '{"Steps":[{"Name":"Open page","Actions":[]}]}',
        BrowserType: 'Chrome',
      };
    case 'Certificate':
      return {
        Url: url,
        CertificateExpirationWarningDays: 30,
        CertificateName: `${host}.example.com`,
        CheckCertificateErrors: true,
      };
    case 'MultiStepApi':
      return { MsaSteps: [], PredefinedVariables: [], UserDefinedFunctions: [], CustomMetrics: [] };
    case 'PostmanApi':
      return {
        PostmanCollectionJson: '{"info":{"name":"health"},"item":[]}',
        PredefinedVariables: [{ Key: 'env', Value: 'prod' }],
      };
    default:
      return {};
  }
}

function conditions(
  type: string,
  legacy: boolean,
  rng: ReturnType<typeof seededRandom>,
): Record<string, unknown> {
  const web = ['Http', 'Https', 'WebserviceHttp', 'WebserviceHttps', 'FullPageCheck'].includes(type);
  if (legacy) {
    // Fields deprecated on 27 August 2025; older monitors may still carry them instead of ErrorConditions.
    return {
      AlertOnLoadTimeLimit1: true,
      LoadTimeLimit1: 2500,
      AlertOnLoadTimeLimit2: true,
      LoadTimeLimit2: 5000,
      AlertOnMinimumBytes: false,
      MinimumBytes: 0,
      AlertOnMaximumBytes: false,
      MaximumBytes: 0,
      ...(web ? { ExpectedHttpStatusCode: 200, ExpectedHttpStatusCodeSpecified: true } : {}),
      ...(type === 'FullPageCheck'
        ? {
            AlertOnPercentageFail: true,
            FailedObjectPercentage: 10,
            AlertOnMaximumSize: false,
            ElementMaximumSize: 0,
          }
        : {}),
    };
  }
  const list: Record<string, unknown>[] = [
    { ErrorConditionType: 'LoadTimeLimit1', Value: String(rng.pick([1500, 2500, 3000])), Effect: 'Indicate' },
  ];
  list.push({ ErrorConditionType: 'LoadTimeLimit2', Value: '8000', Effect: 'Error' });
  if (web) list.push({ ErrorConditionType: 'HttpStatus', Value: '200' });
  if (type === 'FullPageCheck')
    list.push({ ErrorConditionType: 'PageElementFailedWithPercentage', Value: '1', Percentage: '10' });
  if (rng.chance(0.2)) list.push({ ErrorConditionType: 'TotalMinBytes', Value: '512' });
  return { ErrorConditions: list };
}

/**
 * Monitors 0..18 take each MonitorType once so every dataset of 19 or more monitors holds them all;
 * the rest follow a weighted mix. Lifetimes: most monitors predate the history (data starts at the
 * history start), about 15 % are created during it, about 3 % were deactivated (checks end then).
 */
export function generateMonitors(
  seed: number,
  count: number,
  historyStartSec: number,
  nowSec: number,
  zone: IanaZone,
): SimMonitor[] {
  const monitors: SimMonitor[] = [];
  const local = (sec: number): string => utcToLocal(new Date(sec * 1000), zone);
  for (let index = 0; index < count; index++) {
    const rng = seededRandom(seed, 'monitor', index);
    const type = index < MONITOR_TYPES.length ? MONITOR_TYPES[index]! : rng.pick(WEIGHTED_TYPES);
    const site = SITES[index % SITES.length]!;
    const name = `${site} ${PAGES[(index * 7 + 3) % PAGES.length]} (${type}) #${index + 1}`;
    const browserLike = ['FullPageCheck', 'Transaction', 'MultiStepApi', 'PostmanApi'].includes(type);
    const intervalMin = browserLike ? rng.pick([5, 10, 15, 30]) : rng.pick([1, 5, 5, 5, 10, 15, 30, 60]);
    const roll = rng.next();
    const mode = roll < 0.06 ? 'Staging' : roll < 0.1 ? 'Development' : 'Production';
    const createdDuring = index > 2 && rng.chance(0.15);
    const span = nowSec - historyStartSec;
    const createdSec = createdDuring
      ? historyStartSec + Math.floor(rng.next() * 0.8 * span)
      : historyStartSec - rng.int(30, 1500) * DAY - rng.int(0, DAY);
    const lifeStartSec = Math.max(createdSec, historyStartSec);
    const isActive = index < 5 || !rng.chance(0.03);
    const modifiedSec = isActive
      ? Math.max(createdSec + 60, nowSec - rng.int(3600, 200 * DAY))
      : lifeStartSec + Math.floor((0.3 + 0.5 * rng.next()) * (nowSec - lifeStartSec));
    const legacy = index % 4 === 0 && !createdDuring;
    const withSecret =
      ['MySQL', 'MSSQL', 'FTP', 'SFTP'].includes(type) || (type === 'Https' && index % 10 === 1);
    const guid = deterministicGuid(seed, 'monitor', index);
    const wire: Record<string, unknown> = {
      MonitorGuid: guid,
      Name: name,
      MonitorType: type,
      MonitorMode: mode,
      IsActive: isActive,
      GenerateAlert: mode === 'Production',
      IsLocked: false,
      CheckInterval: intervalMin,
      UsePrimaryCheckpointsOnly: rng.chance(0.5),
      SelectedCheckpoints: {
        Checkpoints: [rng.int(1, 60), rng.int(61, 200)],
        Regions: rng.chance(0.5) ? [3] : [],
        ExcludeLocations: [],
      },
      Hash: deterministicGuid(seed, 'monitor-hash', index).replace(/-/g, '').slice(0, 24),
      CreatedDate: local(createdSec),
      LastModifiedDate: local(Math.min(modifiedSec, nowSec - 60)),
      ...typeFields(type, site, rng),
      ...conditions(type, legacy, rng),
    };
    // Omitted nulls: only some monitors have notes, custom fields or a phone name.
    if (rng.chance(0.4)) wire.Notes = `Owner: team ${rng.pick(['web', 'platform', 'payments'])}`;
    if (rng.chance(0.3)) wire.CustomFields = [{ Name: 'CostCenter', Value: String(rng.int(100, 999)) }];
    if (rng.chance(0.2)) wire.NameForPhoneAlerts = name.split(' (')[0];
    if (withSecret)
      Object.assign(wire, { AuthenticationType: 'Basic', Username: 'svc-monitor', Password: MONITOR_SECRET });
    if (index % 10 === 7)
      Object.assign(wire, {
        HttpVersion: 'Http2',
        UseW3CTotalTime: true,
        SimulatorFutureField: { Enabled: true, Levels: [1, 2] },
      });
    monitors.push({
      index,
      guid,
      name,
      type,
      mode,
      isActive,
      intervalSec: intervalMin * 60,
      phaseSec: rng.int(0, intervalMin * 60 - 1),
      recheckSec: rng.int(12, 55),
      lifeStartSec,
      lifeEndSec: isActive ? Number.POSITIVE_INFINITY : modifiedSec,
      slaIndex: -1,
      maintenance: [],
      pause: new Float64Array(0),
      quiet: new Float64Array(0),
      wire,
    });
  }
  return monitors;
}
