/**
 * Accounts are a boundary in delivery: a subscription that names its accounts (`accounts: [acme]`)
 * sends the reports of those accounts only, to its recipients only. Every delivery session passes
 * `checkSubscriptionAccounts` after its account is resolved, so neither `nightly` nor `report send`
 * (nor a program calling the pipeline) can hand one account's reports to a subscription of
 * another; `report send` also picks the subscription's own account when it names exactly one.
 *
 * Files follow the accounts: with an `accounts:` section (or an account chosen on the command
 * line) each account writes under `<out>/<account>/`, and a subscription of the file under
 * `<out>/<account>/<subscription>/` (docs/scaling.md).
 */
import path from 'node:path';
import { ACCOUNT_NAME } from '../../config-file/accounts-section.ts';
import { ConfigError } from '../../errors.ts';
import type { ReportAccount } from '../../reports/queries/scope.ts';
import type { Subscription } from './subscriptions.ts';

/** True when `account` is one of the accounts `subscription` reports on. */
export function subscriptionCovers(subscription: Subscription, account: ReportAccount): boolean {
  if (subscription.accounts === undefined) return true;
  const name = account.name?.toLowerCase();
  return subscription.accounts.some((a) => a.toLowerCase() === name);
}

/** How an account is named in messages: `acme (123456)`, or the id alone. */
export function describeAccount(account: ReportAccount): string {
  return account.name === null ? account.accountId : `${account.name} (${account.accountId})`;
}

/**
 * Throws a ConfigError (exit 2) when a subscription names its accounts and `account` is not among
 * them: nothing is written or sent then.
 */
export function checkSubscriptionAccounts(
  subscriptions: readonly Subscription[],
  account: ReportAccount,
): void {
  const outside = subscriptions.filter((s) => !subscriptionCovers(s, account));
  if (outside.length === 0) return;
  const lines = outside.map(
    (s) => `subscription ${s.name} reports on ${listOf(s.accounts ?? [])} only (its accounts:)`,
  );
  throw new ConfigError(
    `${lines.join('; ')}; account ${describeAccount(account)} is not one of them, so nothing was written or sent.`,
    { context: { setting: '--account', subscription: outside[0]!.name } },
  );
}

/**
 * The account `report send --subscription` works on when no `--account` is given: the
 * subscription's own when it names exactly one; undefined when it names none (the warehouse's
 * only account is used). A subscription of several accounts needs `--account`.
 */
export function defaultAccountOf(subscription: Subscription): string | undefined {
  const accounts = subscription.accounts;
  if (accounts === undefined) return undefined;
  if (accounts.length === 1) return accounts[0];
  throw new ConfigError(
    `subscription ${subscription.name} reports on several accounts (${accounts.join(', ')}): choose one with --account.`,
    { context: { setting: '--account', subscription: subscription.name } },
  );
}

/**
 * The folder an account's reports go to: `outDir/<account name>` when `accountFolders`, else
 * `outDir`. A name that is not a safe account name (one recorded by hand) gives the AccountId.
 */
export function accountFolder(outDir: string, account: ReportAccount, accountFolders: boolean): string {
  if (!accountFolders) return outDir;
  const name = account.name !== null && ACCOUNT_NAME.test(account.name) ? account.name : account.accountId;
  return path.join(outDir, name);
}

function listOf(names: readonly string[]): string {
  return names.length === 1 ? `account ${names[0]!}` : `accounts ${names.join(', ')}`;
}
