/**
 * The SLA report model: input rows in, every figure of the SLA workbook out. Pure: no I/O, and
 * "now" (for ongoing incidents and a running period) comes from the injected clock. Each monitor
 * is digested from its own rows (monitor-digest.ts), so the rows can arrive a batch of monitors
 * at a time and be dropped; the figures are the same whichever way they arrive.
 */
import type { Clock } from '../../terms.ts';
import { indexByMonitor } from '../model/monitor-timeline.ts';
import { NOTHING_COVERED } from '../model/data-coverage.ts';
import type {
  MonitorFactColumns,
  ReportGroup,
  ReportMaintenance,
  ReportMonitor,
  SlaFactsBatch,
  SlaReportFrame,
  SlaReportInput,
  StreamedSlaReportInput,
} from '../queries/report-input.ts';
import { localDays } from '../../time/calendar.ts';
import { elapsedWindow } from '../../time/periods.ts';
import { assembleSlaModel } from './model-assembly.ts';
import type { SlaModel } from './model-types.ts';
import { digestMonitor, type MonitorDigest, type SlaWindows, type TargetOf } from './monitor-digest.ts';
import { monitorTargetOf, type TargetContext } from './resolve-target.ts';
import { factColumnsByMonitor, NO_FACTS } from './monitor-facts.ts';

/** The guids of the groups each monitor belongs to, from both sides of the membership. */
function membership(
  monitors: readonly ReportMonitor[],
  groups: readonly ReportGroup[],
): Map<string, Set<string>> {
  const groupsOf = new Map<string, Set<string>>(monitors.map((m) => [m.monitor_guid, new Set(m.groups)]));
  for (const group of groups) {
    for (const member of group.members) groupsOf.get(member)?.add(group.monitor_group_guid);
  }
  return groupsOf;
}

/** Collects the monitors' digests batch by batch, then assembles the model from them. */
class SlaModelBuilder {
  readonly #input: SlaReportFrame;
  readonly #now: Date;
  readonly #windows: SlaWindows;
  readonly #targetOf: TargetOf;
  readonly #context: TargetContext;
  readonly #groupsOf: Map<string, Set<string>>;
  readonly #maintenanceBy: Map<string, ReportMaintenance[]>;
  /** Digests in the order of `input.monitors`, filled as their batches arrive. */
  readonly #digests: (MonitorDigest | undefined)[];
  readonly #positions = new Map<string, number[]>();

  constructor(input: SlaReportFrame, clock: Clock) {
    this.#input = input;
    this.#now = clock();
    const current = elapsedWindow(input.period, this.#now);
    this.#windows = {
      current,
      previous: elapsedWindow(input.previousPeriod, this.#now),
      trend: input.trendMonths.map((month) => elapsedWindow(month, this.#now)),
      days: localDays(current, input.period.zone),
    };
    this.#context = {
      slaByGuid: new Map(input.slaDefinitions.map((d) => [d.sla_guid, d])),
      groupSla: input.groupSla,
      groupsByGuid: new Map(input.groups.map((g) => [g.monitor_group_guid, g])),
      defaultTarget: input.defaultTarget,
    };
    this.#groupsOf = membership(input.monitors, input.groups);
    this.#targetOf = (monitor, latestSlaTarget) =>
      monitorTargetOf([...(this.#groupsOf.get(monitor.monitor_guid) ?? [])], latestSlaTarget, this.#context);
    this.#maintenanceBy = indexByMonitor(input.maintenance);
    this.#digests = input.monitors.map(() => undefined);
    input.monitors.forEach((m, index) => {
      const positions = this.#positions.get(m.monitor_guid);
      if (positions === undefined) this.#positions.set(m.monitor_guid, [index]);
      else positions.push(index);
    });
  }

  /** Digests the monitors of one batch; their facts are not kept. */
  add(batch: SlaFactsBatch): void {
    for (const guid of new Set(batch.monitorGuids)) {
      const columns = batch.facts.get(guid) ?? NO_FACTS;
      for (const index of this.#positions.get(guid) ?? [])
        this.#digests[index] = this.#digest(index, columns);
    }
  }

  #digest(index: number, columns: MonitorFactColumns): MonitorDigest {
    const monitor = this.#input.monitors[index]!;
    const guid = monitor.monitor_guid;
    const coverage = this.#input.coverage;
    const facts = {
      columns,
      maintenance: this.#maintenanceBy.get(guid) ?? [],
      coverage: coverage === undefined ? undefined : (coverage.get(guid) ?? NOTHING_COVERED),
    };
    return digestMonitor(monitor, facts, this.#windows, this.#targetOf);
  }

  /** The model; a monitor no batch listed has no incidents and no statistics. */
  finish(): SlaModel {
    const digests = this.#digests.map((d, index) => d ?? this.#digest(index, NO_FACTS));
    return assembleSlaModel(this.#input, digests, {
      windows: this.#windows,
      groupsOf: this.#groupsOf,
      context: this.#context,
    });
  }
}

/** Builds every figure of the SLA report for `input.period`. */
export function buildSlaModel(input: SlaReportInput, clock: Clock): SlaModel {
  const builder = new SlaModelBuilder(input, clock);
  builder.add({
    monitorGuids: input.monitors.map((m) => m.monitor_guid),
    facts: factColumnsByMonitor(input.incidents, input.statistics),
  });
  return builder.finish();
}

/** The same model, reading the facts a batch of monitors at a time (`StreamedSlaReportInput`). */
export async function buildStreamedSlaModel(input: StreamedSlaReportInput, clock: Clock): Promise<SlaModel> {
  const builder = new SlaModelBuilder(input, clock);
  for await (const batch of input.facts()) builder.add(batch);
  return builder.finish();
}
