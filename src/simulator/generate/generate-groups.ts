/**
 * Generates monitor groups: the built-in "All Monitors" group (IsAll, every monitor) and several
 * others with overlapping members, one of them empty. Quotas are fixed; the Used*Quota counters are
 * derived per account-local day (see `quotaOnDay`), so they change from day to day.
 */
import type { QuotaCounters, SimGroup, SimMonitor } from '../dataset.ts';
import { deterministicGuid, hash32, seededRandom } from '../seeded-random.ts';

const BROWSER = new Set(['FullPageCheck']);
const TRANSACTION = new Set(['Transaction']);
const API = new Set(['MultiStepApi', 'PostmanApi']);

interface GroupRule {
  description: string;
  test: (m: SimMonitor, pick: number) => boolean;
}

const RULES: readonly GroupRule[] = [
  {
    description: 'Websites',
    test: (m) => ['Http', 'Https', 'FullPageCheck', 'Certificate'].includes(m.type),
  },
  {
    description: 'APIs and web services',
    test: (m) =>
      ['WebserviceHttp', 'WebserviceHttps', 'MultiStepApi', 'PostmanApi'].includes(m.type) ||
      (m.type === 'Https' && m.index % 3 === 0),
  },
  {
    description: 'Infrastructure',
    test: (m) =>
      ['Connect', 'Ping', 'DNS', 'SMTP', 'POP3', 'IMAP', 'FTP', 'SFTP', 'MySQL', 'MSSQL'].includes(m.type),
  },
  { description: 'Customer journeys', test: (m) => ['Transaction', 'FullPageCheck'].includes(m.type) },
  { description: 'Critical (24/7 on-call)', test: (_m, pick) => pick < 0.3 },
  { description: 'EU region', test: (_m, pick) => pick > 0.45 },
  { description: 'Decommissioned (empty)', test: () => false },
];

/** Credits each monitor uses, by category. */
export function creditsOf(m: SimMonitor): QuotaCounters {
  const browser = BROWSER.has(m.type) ? 1 : 0;
  const transaction = TRANSACTION.has(m.type) ? 1 : 0;
  const api = API.has(m.type) ? 1 : 0;
  return { basic: browser + transaction + api === 0 ? 1 : 0, browser, transaction, api, classic: 0 };
}

/**
 * Used*Quota of a group on one account-local day: the credits its active members use, plus a small
 * day-dependent swing (monitors paused and resumed during the day), never below zero.
 */
export function quotaOnDay(
  seed: number,
  group: SimGroup,
  monitors: readonly SimMonitor[],
  localDate: string,
): QuotaCounters {
  const used: QuotaCounters = { basic: 0, browser: 0, transaction: 0, api: 0, classic: 0 };
  for (const i of group.members) {
    const m = monitors[i]!;
    if (!m.isActive) continue;
    const c = creditsOf(m);
    used.basic += c.basic;
    used.browser += c.browser;
    used.transaction += c.transaction;
    used.api += c.api;
  }
  const swing = (key: string): number => (hash32(seed, group.guid, localDate, key) % 3) - 1;
  used.basic = Math.max(0, used.basic + swing('basic'));
  used.browser = Math.max(0, used.browser + swing('browser'));
  used.classic = Math.max(0, used.basic + used.browser + used.transaction + used.api + swing('classic'));
  return used;
}

/** All groups, "All Monitors" first. `slaCount` lets some groups carry an SLA target. */
export function generateGroups(seed: number, monitors: readonly SimMonitor[], slaCount: number): SimGroup[] {
  const all: SimGroup = {
    index: 0,
    guid: deterministicGuid(seed, 'group', 0),
    description: 'All Monitors',
    isAll: true,
    members: Uint32Array.from(monitors.map((m) => m.index)),
    slaIndex: 0,
    isQuotaUnlimited: false,
    quota: { basic: 0, browser: 0, transaction: 0, api: 0, classic: 0 },
  };
  const groups = [all];
  RULES.forEach((rule, r) => {
    const members = monitors
      .filter((m) => rule.test(m, seededRandom(seed, 'group-pick', r, m.index).next()))
      .map((m) => m.index);
    groups.push({
      index: r + 1,
      guid: deterministicGuid(seed, 'group', r + 1),
      description: rule.description,
      isAll: false,
      members: Uint32Array.from(members),
      slaIndex: r % 3 === 0 && slaCount > 1 ? 1 + (r % (slaCount - 1)) : -1,
      isQuotaUnlimited: r === 5,
      quota: { basic: 0, browser: 0, transaction: 0, api: 0, classic: 0 },
    });
  });
  for (const g of groups) {
    const total = quotaOnDay(seed, g, monitors, 'quota');
    // Quotas leave headroom above what the members use.
    g.quota = {
      basic: total.basic + 10,
      browser: total.browser + 5,
      transaction: total.transaction + 5,
      api: total.api + 5,
      classic: total.classic + 20,
    };
  }
  return groups;
}
