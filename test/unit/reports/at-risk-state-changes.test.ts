/**
 * What an early-warning mail reports as changed since the last one (compareWithLastMail): entering,
 * moving between and leaving the notified states; unknown states and services out of the rows keep
 * what the last mail said; the states recorded for the next check.
 */
import { describe, expect, it } from 'vitest';
import type { NotifiedState } from '../../../src/load/ledgers/delivery-ledger.ts';
import { compareWithLastMail } from '../../../src/reports/at-risk/state-changes.ts';
import type { Burn } from '../../../src/reports/queries/sla-burn.ts';

const NOTIFY = ['at risk', 'breached'] as const;

function burn(name: string, state: Burn['state'], grain: 'monitor' | 'group' = 'monitor'): Burn {
  return {
    grain,
    name,
    state,
    monitor_guid: grain === 'monitor' ? `m-${name}` : null,
    monitor_group_guid: grain === 'group' ? `g-${name}` : null,
    alerts_data_state: state === null ? 'incomplete' : 'complete',
  } as Burn;
}

const mailed = (name: string, state: string, grain = 'monitor'): NotifiedState => ({
  key: `${grain}:${grain === 'monitor' ? 'm' : 'g'}-${name}`,
  grain,
  guid: `${grain === 'monitor' ? 'm' : 'g'}-${name}`,
  name,
  state,
});

const summary = (changes: ReturnType<typeof compareWithLastMail>['changes']) =>
  changes.map((c) => `${c.name}: ${c.was ?? '-'} -> ${c.now ?? '-'} (${c.state ?? 'unknown'})`);

describe('compareWithLastMail', () => {
  it('the first check reports every service in a notified state, and nothing else', () => {
    const check = compareWithLastMail(
      null,
      [burn('A', 'at risk'), burn('B', 'watch'), burn('C', 'ok'), burn('G', 'breached', 'group')],
      NOTIFY,
    );
    expect(summary(check.changes)).toEqual(['G: - -> breached (breached)', 'A: - -> at risk (at risk)']);
    expect(check.notified.map((n) => `${n.key} ${n.state}`)).toEqual([
      'group:g-G breached',
      'monitor:m-A at risk',
    ]);
  });

  it('reports entering, moving and leaving; a service whose state did not change is quiet', () => {
    const check = compareWithLastMail(
      [mailed('A', 'at risk'), mailed('B', 'at risk'), mailed('C', 'breached')],
      [burn('A', 'breached'), burn('B', 'watch'), burn('C', 'breached'), burn('D', 'at risk')],
      NOTIFY,
    );
    expect(summary(check.changes)).toEqual([
      'A: at risk -> breached (breached)',
      'D: - -> at risk (at risk)',
      'B: at risk -> - (watch)',
    ]);
    expect(check.notified.map((n) => n.name)).toEqual(['A', 'C', 'D']);
  });

  it('an unknown state, or a service no longer in the rows, keeps what the last mail said', () => {
    const check = compareWithLastMail(
      [mailed('A', 'at risk'), mailed('Gone', 'breached')],
      [burn('A', null), burn('B', null)],
      NOTIFY,
    );
    expect(check.changes).toEqual([]);
    expect(check.notified.map((n) => `${n.name} ${n.state}`)).toEqual(['A at risk', 'Gone breached']);
  });

  it('watch counts only when the subscription asks for it', () => {
    expect(compareWithLastMail(null, [burn('A', 'watch')], NOTIFY).changes).toEqual([]);
    expect(summary(compareWithLastMail(null, [burn('A', 'watch')], ['watch', ...NOTIFY]).changes)).toEqual([
      'A: - -> watch (watch)',
    ]);
  });

  it('nothing changed: no change, the same states recorded', () => {
    const previous = [mailed('A', 'breached')];
    const check = compareWithLastMail(previous, [burn('A', 'breached'), burn('B', 'ok')], NOTIFY);
    expect(check.changes).toEqual([]);
    expect(check.notified).toEqual(previous);
  });
});
