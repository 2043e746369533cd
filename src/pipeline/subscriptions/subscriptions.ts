/**
 * The subscriptions a run works with, and their check against the warehouse.
 *
 * Where they come from: the `subscriptions:` section of the configuration file; without one, a
 * single subscription named `default` built from what `nightly` has always used (`--report-on`,
 * `--report-period`, `--format`, all monitors, `REPORT_MAIL_TO`), so a set-up without the file
 * keeps its behaviour (and gains the ledger: each period once, caught up after a missed night).
 *
 * The check: every monitor group, monitor and operator group a subscription names must exist in
 * the warehouse (by name or GUID); operator groups become their operators' e-mail addresses, each
 * of which must be exactly one address (an operator's text that is not is left out and reported,
 * never split into several recipients). All
 * problems of all subscriptions are reported at once, each at its line in the file, before
 * anything is written or sent.
 */
import type { ConfigFile, FieldPath } from '../../config-file/load-config-file.ts';
import { DEFAULT_CATCH_UP, type SubscriptionConfig } from '../../config-file/subscriptions-section.ts';
import { ConfigError } from '../../errors.ts';
import { checkMailbox, parseRecipients, type Recipients } from '../../email-address.ts';
import {
  matchName,
  type NamedEntity,
  type OperatorAddress,
  type SubscriptionDirectory,
} from '../../load/subscription-directory.ts';
import type { ReportFormat } from '../../report-formats.ts';
import type { ReportKind } from '../../reports/run-reports.ts';
import type { Schedule, ScheduledPreset } from '../../time/schedule.ts';

/** Name of the subscription a set-up without a `subscriptions:` section gets. */
export const DEFAULT_SUBSCRIPTION = 'default';

/** A subscription and where it is written (for messages). */
export interface Subscription extends SubscriptionConfig {
  /** Index in the file's `subscriptions:` list; undefined for the default subscription. */
  readonly fileIndex: number | undefined;
}

/** A checked subscription: its recipients resolved to addresses. */
export interface CheckedSubscription extends Subscription {
  /** Listed addresses plus the operators of the listed groups, each once (lower case). */
  readonly recipients: Recipients;
  /** Operator groups that hold no operator with a usable e-mail address (worth a warning). */
  readonly emptyGroups: readonly string[];
  /** Operators' addresses from the API that are not exactly one address: left out, worth a warning. */
  readonly refusedAddresses: readonly RefusedAddress[];
  /** The `sla:` definitions by GUID; null: every definition of the account. */
  readonly slaGuids: readonly string[] | null;
}

/** An operator's address that was refused, with where it came from and why. */
export interface RefusedAddress {
  /** The operator group the subscription names. */
  readonly group: string;
  readonly operator: OperatorAddress;
  readonly reason: string;
}

/**
 * What `nightly` (and `report send --subscription default`) use without a file section, checked
 * and defaulted at the edge (src/api/subscription-list.ts).
 */
export interface DefaultSubscriptionSettings {
  readonly schedule: Schedule;
  /** `--report-period`, a finished period. */
  readonly period: ScheduledPreset;
  readonly formats: readonly ReportFormat[];
  /** REPORT_MAIL_TO. */
  readonly mailTo: readonly string[];
}

/** The default subscription: every monitor, both reports, to REPORT_MAIL_TO. */
export function defaultSubscription(settings: DefaultSubscriptionSettings): Subscription {
  return {
    name: DEFAULT_SUBSCRIPTION,
    reports: ['sla', 'incidents'],
    schedule: settings.schedule,
    period: settings.period,
    monitorGroups: [],
    monitors: [],
    formats: settings.formats,
    addresses: settings.mailTo,
    operatorGroups: [],
    subject: undefined,
    slaTarget: undefined,
    sla: [],
    catchUp: DEFAULT_CATCH_UP,
    fileIndex: undefined,
  };
}

/** The file's subscriptions, or undefined when the file has no `subscriptions:` section. */
export function fileSubscriptions(file: ConfigFile | undefined): Subscription[] | undefined {
  const list = file?.contents.subscriptions;
  return list?.map((s, index) => ({ ...s, fileIndex: index }));
}

/** The report kinds of a subscription, as runReports names them. */
export function reportKinds(subscription: SubscriptionConfig): ReportKind[] {
  return subscription.reports.filter((r): r is ReportKind => r !== 'at-risk');
}

/** True for a `reports: [at-risk]` subscription (the SLA early warning, mailed on a change). */
export function isEarlyWarning(
  subscription: SubscriptionConfig,
): subscription is SubscriptionConfig & { readonly warning: NonNullable<SubscriptionConfig['warning']> } {
  return subscription.warning !== undefined;
}

interface Problem {
  readonly subscription: Subscription;
  readonly field: FieldPath;
  readonly message: string;
}

function problemText(
  what: string,
  wanted: string,
  match: ReturnType<typeof matchName>,
  known: readonly NamedEntity[],
): string | undefined {
  if (match.kind === 'one') return undefined;
  if (match.kind === 'many') {
    return `${what} "${wanted}" names ${match.entities.length} of them; give the GUID: ${match.entities.map((e) => e.guid).join(', ')}`;
  }
  const names = known.map((e) => e.name);
  const shown = names.slice(0, 12).join(', ');
  return `${what} "${wanted}" is not in the warehouse (known: ${shown || '(none)'}${names.length > 12 ? ', ...' : ''}); names are matched without case, or give the GUID`;
}

/**
 * Checks every subscription against the warehouse and resolves its recipients. Throws one
 * ConfigError listing every problem (at its line when the subscription comes from `file`). Without
 * `requireRecipients` (files written, nothing mailed) no recipient is needed.
 */
export function checkSubscriptions(
  subscriptions: readonly Subscription[],
  directory: SubscriptionDirectory,
  file?: ConfigFile,
  options: { readonly requireRecipients?: boolean } = {},
): CheckedSubscription[] {
  const problems: Problem[] = [];
  const checked = subscriptions.map((s): CheckedSubscription => {
    s.monitorGroups.forEach((wanted, i) => {
      const text = problemText(
        'monitor group',
        wanted,
        matchName(wanted, directory.monitorGroups),
        directory.monitorGroups,
      );
      if (text !== undefined)
        problems.push({ subscription: s, field: ['scope', 'monitor_groups', i], message: text });
    });
    s.monitors.forEach((wanted, i) => {
      const text = problemText('monitor', wanted, matchName(wanted, directory.monitors), directory.monitors);
      if (text !== undefined)
        problems.push({ subscription: s, field: ['scope', 'monitors', i], message: text });
    });
    const slaGuids: string[] = [];
    s.sla.forEach((wanted, i) => {
      const match = matchName(wanted, directory.slas);
      const text = problemText('SLA definition', wanted, match, directory.slas);
      if (text !== undefined) problems.push({ subscription: s, field: ['sla', i], message: text });
      if (match.kind === 'one' && !slaGuids.includes(match.entity.guid)) slaGuids.push(match.entity.guid);
    });
    const recipients = new Set(s.addresses.map((a) => a.toLowerCase()));
    const emptyGroups: string[] = [];
    const refused: RefusedAddress[] = [];
    s.operatorGroups.forEach((wanted, i) => {
      const match = matchName(wanted, directory.operatorGroups);
      const text = problemText('operator group', wanted, match, directory.operatorGroups);
      if (text !== undefined)
        problems.push({ subscription: s, field: ['recipients', 'operator_groups', i], message: text });
      if (match.kind !== 'one') return;
      let usable = 0;
      for (const operator of match.entity.operators) {
        // The API's text: exactly one address, or the operator is left out (never split in two).
        const check = checkMailbox(operator.email, { allowName: true });
        if (!check.ok) {
          refused.push({ group: match.entity.name, operator, reason: check.reason });
          continue;
        }
        usable++;
        recipients.add(check.address.toLowerCase());
      }
      if (usable === 0) emptyGroups.push(match.entity.name);
    });
    if (
      options.requireRecipients !== false &&
      recipients.size === 0 &&
      problems.every((p) => p.subscription !== s)
    ) {
      problems.push({
        subscription: s,
        field: ['recipients'],
        message:
          s.fileIndex === undefined
            ? 'no recipient: set REPORT_MAIL_TO (a comma list of addresses)'
            : 'no recipient: the listed operator groups hold no operator with an e-mail address, and no address is listed',
      });
    }
    return {
      ...s,
      recipients: parseRecipients([...recipients].sort(), `subscription ${s.name}`),
      emptyGroups,
      refusedAddresses: refused,
      slaGuids: s.sla.length === 0 ? null : slaGuids,
    };
  });
  if (problems.length === 0) return checked;
  const fromFile = problems.filter((p) => p.subscription.fileIndex !== undefined);
  if (file !== undefined && fromFile.length === problems.length) {
    throw file.invalid(
      problems.map((p) => ({
        field: ['subscriptions', p.subscription.fileIndex!, ...p.field],
        message: p.message,
      })),
    );
  }
  throw new ConfigError(
    `subscription problems:\n${problems.map((p) => `  ${p.subscription.name}: ${p.message}`).join('\n')}`,
    {
      context: {
        setting: problems[0]!.subscription.fileIndex === undefined ? 'REPORT_MAIL_TO' : 'subscriptions',
      },
    },
  );
}

/** The subscription called `name` (case-insensitive), or a ConfigError listing the names there are. */
export function findSubscription(subscriptions: readonly Subscription[], name: string): Subscription {
  const found = subscriptions.find((s) => s.name.toLowerCase() === name.toLowerCase());
  if (found === undefined) {
    throw new ConfigError(
      `there is no subscription "${name}"; there are: ${subscriptions.map((s) => s.name).join(', ') || '(none)'}.`,
      { context: { setting: '--subscription' } },
    );
  }
  return found;
}
