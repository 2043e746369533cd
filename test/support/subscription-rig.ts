/**
 * The rig of the subscription tests: an in-process SMTP server that keeps every mail it receives,
 * the sync rig (simulator and warehouse) loaded with what subscriptions read, and a report folder.
 * Every test starts from the same state without depending on another test: the file's baseline
 * (the sync, then `baseline`, say a hundred nights) runs once; each test then gets its own copy of
 * that warehouse, a fresh simulator, the mails the baseline received (no more) and an empty folder.
 *   const rig = subscriptionRig({ seed: 5, monitors: 6, days: 130, now: NOW }, { sync: { initialDays: 120 } });
 *   const config = loadConfig(rig.env());
 *   expect(rig.mail.received.map((m) => m.subject)).toEqual([...]);
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { SyncOptions } from '../../src/pipeline/sync-options.ts';
import type { SimulatorOptions } from '../../src/simulator/start-simulator.ts';
import { simulatorEnv } from './reliability-cli.ts';
import { simulatedSyncRig, type SimulatedSyncRig } from './simulated-sync.ts';

/** One mail as the SMTP server received it. */
export interface CaughtMail {
  /** The envelope's recipients. */
  readonly to: readonly string[];
  /** The Subject header (unfolded; the tests' subjects are plain ASCII). */
  readonly subject: string;
  readonly raw: Buffer;
}

/** An SMTP server on 127.0.0.1 that keeps what it receives, in order. */
export interface MailCatcher {
  readonly url: string;
  readonly received: CaughtMail[];
  /** While true, every mail is refused with 451 (a server that asks to try later). */
  refusing: boolean;
}

/** Starts a mail catcher for the calling file (registers its start and stop). */
export function mailCatcher(): MailCatcher {
  const catcher = { url: '', received: [] as CaughtMail[], refusing: false };
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 50 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (catcher.refusing) {
          callback(Object.assign(new Error('Mailbox store busy, try later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        const subject = /^Subject: (.*)$/m.exec(raw.toString('utf8'))?.[1]?.trim() ?? '';
        catcher.received.push({ subject, to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    catcher.url = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  return catcher;
}

/** The streams a subscription reads: monitors, their groups and members, and alerts. */
export const SUBSCRIPTION_STREAMS = ['monitors', 'monitor_groups', 'monitor_group_members', 'alerts'];

/** What a subscription test file gets. */
export interface SubscriptionRig {
  readonly warehouse: SimulatedSyncRig;
  readonly mail: MailCatcher;
  /** The test's own folder (reports, scratch files); empty when the test starts. */
  readonly dir: string;
  /** The environment that reaches the test's warehouse, the simulator and the SMTP server. */
  env(): Record<string, string>;
}

/** How the rig's baseline is made. */
export interface SubscriptionRigOptions {
  /** The baseline sync's options (streams default to SUBSCRIPTION_STREAMS). */
  readonly sync?: Partial<SyncOptions>;
  /** What the baseline does after the sync (the mails it sends stay received in every test). */
  readonly baseline?: (rig: SubscriptionRig) => Promise<void>;
}

/** Registers the file's SMTP server, simulator, warehouse and folders; see the header. */
export function subscriptionRig(
  simulator: SimulatorOptions,
  options: SubscriptionRigOptions = {},
): SubscriptionRig {
  const mail = mailCatcher();
  let baselineMails: CaughtMail[] = [];
  let dir: string | undefined;
  const rig: SubscriptionRig = {
    warehouse: simulatedSyncRig(simulator, {
      baseline: async (warehouse) => {
        const summary = await warehouse.sync({ streams: SUBSCRIPTION_STREAMS, ...options.sync });
        expect(summary.status).toBe('succeeded');
        dir = await mkdtemp(join(tmpdir(), 'subscription-rig-'));
        try {
          await options.baseline?.(rig);
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
        baselineMails = [...mail.received];
      },
    }),
    mail,
    get dir() {
      if (dir === undefined) throw new Error('subscriptionRig: the folder is made before each test');
      return dir;
    },
    env: () => ({ ...rig.warehouse.tdb.env, ...simulatorEnv(rig.warehouse.sim), SMTP_URL: mail.url }),
  };
  beforeEach(async () => {
    mail.received.splice(0, mail.received.length, ...baselineMails);
    mail.refusing = false;
    dir = await mkdtemp(join(tmpdir(), 'subscription-rig-'));
  });
  afterEach(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return rig;
}
