/**
 * The CLI keeps its word: every command's help lists exactly the options it accepts, shows each
 * default once, and every option it accepts changes what the command does (an option that parses
 * but is dropped, like `nightly --streams` once was, fails here). Runs the real program in-process
 * with every command loaded; actions are replaced so nothing runs.
 */
import type { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/cli/commands/index.ts';
import { buildProgram } from '../../../src/cli/program.ts';
import type { CommandModule } from '../../../src/cli/command-module.ts';
import { STREAMS } from '../../../src/pipeline/streams/index.ts';
import { DEFAULT_RAW_ALERT_ROW_LIMIT } from '../../../src/reports/report-defaults.ts';
import { EXIT } from '../../../src/cli/exit-codes.ts';

/** Commands whose module does not declare `optionsOf` yet; each needs a reason. */
const WITHOUT_OPTIONS_OF: Readonly<Record<string, string>> = {};

/** For each option: arguments that set it, and (optionally) the arguments to compare with. */
const RANGE = ['--from', '2025-01-01', '--to', '2025-03-01'];
const SAMPLES: Readonly<Record<string, { args: string[]; base?: string[] }>> = {
  '--streams': { args: ['--streams', 'slas'] },
  '--concurrency': { args: ['--concurrency', '5'] },
  '--max-rps': { args: ['--max-rps', '2'] },
  '--lookback-days': { args: ['--lookback-days', '5'] },
  '--initial-days': { args: ['--initial-days', '7'] },
  '--from': { base: RANGE, args: ['--from', '2025-02-01', '--to', '2025-03-01'] },
  '--to': { base: RANGE, args: ['--from', '2025-01-01', '--to', '2025-02-01'] },
  '--preset': { args: ['--preset', 'PreviousWeek'] },
  '--window': { args: ['--window', '7'] },
  '--monitor-group': { args: ['--monitor-group', 'Webshop'] },
  '--monitor': { args: ['--monitor', '6b1f7c1e-4d2a-4f7e-9a51-2f0c1d3e4b5a'] },
  '--max-pages-per-window': { args: ['--max-pages-per-window', '9'] },
  '--wait': { args: ['--wait', '60'] },
  '--report-on': { args: ['--report-on', 'mon'] },
  '--report-period': { args: ['--report-period', 'PreviousWeek'] },
  '--out': { args: ['--out', 'elsewhere'] },
  '--format': { args: ['--format', 'csv'] },
  '--no-mail': { args: ['--no-mail'] },
  '--mail': { args: ['--mail'] },
  '--to-date': { args: ['--to-date'] },
  '--strict': { args: ['--strict'] },
  '--dry-run': { args: ['--dry-run'] },
  '--timeout': { args: ['--timeout', '5'] },
  '--file': { args: ['--file', 'docs/warehouse-examples.sql'] },
  '--host': { args: ['--host', '0.0.0.0'] },
  '--max-connections': { args: ['--max-connections', '3'] },
  '--month': { args: ['--month', '2025-10'] },
  '--account': { args: ['--account', '123456'] },
  '--default-target': { args: ['--default-target', '99.5'] },
  '--sla': { args: ['--sla', 'Gold customers,Default SLA'] },
  '--runs': { args: ['--runs', '3'] },
  '--run': { args: ['--run', '12'] },
  '--monitors': { args: ['--monitors', '7'] },
  '--days': { args: ['--days', '40'] },
  '--seed': { args: ['--seed', '2'] },
  // Against the other profile named explicitly: demo and simulate have different defaults.
  '--profile': { base: ['--profile', 'failure-heavy'], args: ['--profile', 'realistic'] },
  '--port': { args: ['--port', '0'] },
  '--now': { args: ['--now', '2025-01-01T00:00:00Z'] },
  '--latency-ms': { args: ['--latency-ms', '5'] },
  '--faults': { args: ['--faults', 'error500=0.1'] },
  '--accounts': { args: ['--accounts', '3'] },
  '--queue': { args: ['--queue'] },
  '--stale-after': { args: ['--stale-after', '10'] },
  '--metrics-file': { args: ['--metrics-file', 'nightly.prom'] },
  '--metrics-port': { args: ['--metrics-port', '9465'] },
  '--metrics-host': { args: ['--metrics-host', '0.0.0.0'] },
  '--as-of': { args: ['--as-of', '2025-11-03'] },
  '--at-risk-within': { args: ['--at-risk-within', '5'] },
  '--scenario': { args: ['--scenario', 'early-warning'] },
  '--subscription': { args: ['--subscription', 'board'] },
  '--period': {
    base: ['--subscription', 'board'],
    args: ['--subscription', 'board', '--period', '2025-08-15'],
  },
};

/** Every command under the program with its path (`report sla`). */
function walk(command: Command, prefix = ''): { path: string; command: Command }[] {
  return command.commands
    .filter((c) => c.name() !== 'help')
    .flatMap((c) => {
      const path = `${prefix}${c.name()}`;
      return [{ path, command: c }, ...walk(c, `${path} `)];
    });
}

/** The long flags listed in one section ("Options:" or "Global Options:") of a help text. */
function listed(help: string, section: string): string[] {
  const lines = help.split('\n');
  const start = lines.indexOf(`${section}:`);
  if (start < 0) return [];
  const flags: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '' || !line.startsWith(' ')) break;
    const match = /^ {2}(?:-\w, )?(--[\w-]+)/.exec(line);
    if (match) flags.push(match[1]!);
  }
  return flags;
}

const longs = (options: readonly Option[]): string[] => options.map((o) => o.long!).sort();

async function loadModules(): Promise<Map<string, CommandModule>> {
  const modules = new Map<string, CommandModule>();
  for (const entry of COMMANDS) modules.set(entry.name, await entry.load());
  return modules;
}

/** Parses `path args` with the action replaced; returns the flags the action would have got. */
async function flagsOf(path: string, args: string[]): Promise<Record<string, unknown>> {
  const { program } = await buildProgram({ loadAll: true });
  const command = walk(program).find((c) => c.path === path)!.command;
  let flags: Record<string, unknown> | undefined;
  command.action(function (this: Command) {
    flags = this.opts();
  });
  await program.parseAsync([...path.split(' '), ...args, ...(path === 'query' ? ['select 1'] : [])], {
    from: 'user',
  });
  if (flags === undefined) throw new Error(`${path} did not reach its action`);
  return flags;
}

describe('every command keeps its word', async () => {
  const { program } = await buildProgram({ loadAll: true });
  const commands = walk(program);
  const modules = await loadModules();

  it('walks every registered command', () => {
    expect(commands.map((c) => c.path)).toEqual(
      expect.arrayContaining([
        ...COMMANDS.map((c) => c.name),
        'report sla',
        'report incidents',
        'report at-risk',
        'report send',
      ]),
    );
  });

  it.each(commands.map((c) => [c.path, c.command] as const))(
    '%s --help lists exactly the options it accepts, and the global ones',
    (_path, command) => {
      const help = command.helpInformation();
      expect(listed(help, 'Options').sort()).toEqual([...longs(command.options), '--help'].sort());
      expect(listed(help, 'Global Options').sort()).toEqual(longs(program.options));
    },
  );

  it('the top-level help lists every command and the global options', () => {
    const help = program.helpInformation();
    for (const entry of COMMANDS) {
      const summary = entry.summary.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect(help).toMatch(
        new RegExp(`^ {2}${entry.name}( \\[options\\])?( [<[]\\w+[>\\]])? +${summary}`, 'm'),
      );
    }
    expect(listed(help, 'Options').sort()).toEqual([...longs(program.options), '--help'].sort());
  });

  it('shows every default at most once', () => {
    const helper = program.createHelp();
    const twice: string[] = [];
    for (const { path, command } of [{ path: '(global)', command: program }, ...commands]) {
      for (const option of command.options) {
        const description = helper.optionDescription(option);
        if ((description.match(/default/gi) ?? []).length > 1)
          twice.push(`${path} ${option.long}: ${description}`);
      }
    }
    expect(twice).toEqual([]);
  });

  it.each(commands.filter((c) => c.command.commands.length === 0).map((c) => [c.path] as const))(
    '%s: every option it accepts changes the options it runs with',
    async (path) => {
      const module = modules.get(path.split(' ')[0]!)!;
      const command = commands.find((c) => c.path === path)!.command;
      const optionsOf = module.optionsOf?.[path] as ((flags: unknown) => unknown) | undefined;
      if (optionsOf === undefined) {
        expect(command.options.length === 0 || path in WITHOUT_OPTIONS_OF, `${path} has no optionsOf`).toBe(
          true,
        );
        return;
      }
      const unused: string[] = [];
      for (const option of command.options) {
        const sample = SAMPLES[option.long!];
        expect(sample, `add a sample value for ${path} ${option.long} to SAMPLES`).toBeDefined();
        const base = optionsOf(await flagsOf(path, sample!.base ?? []));
        const changed = optionsOf(await flagsOf(path, sample!.args));
        try {
          expect(changed).not.toEqual(base);
        } catch {
          unused.push(option.long!);
        }
      }
      expect(unused, `options of ${path} that change nothing`).toEqual([]);
    },
  );

  it('sync and nightly help show the stream list they refer to', () => {
    for (const path of ['sync', 'nightly']) {
      const command = commands.find((c) => c.path === path)!.command;
      let text = '';
      command.configureOutput({ writeOut: (s) => (text += s) });
      command.outputHelp();
      for (const stream of STREAMS)
        expect(text, `${path} --help`).toMatch(new RegExp(`^ {2}${stream.name} `, 'm'));
    }
  });

  it('report incidents --help states the raw-alert limit the code uses', () => {
    const command = commands.find((c) => c.path === 'report incidents')!.command;
    let text = '';
    command.configureOutput({ writeOut: (s) => (text += s) });
    command.outputHelp();
    expect(text).toContain(`at most ${DEFAULT_RAW_ALERT_ROW_LIMIT.toLocaleString('en-US')} of them`);
  });

  it('the top-level help lists every exit code of the table', () => {
    let text = '';
    program.configureOutput({ writeOut: (s) => (text += s) });
    program.outputHelp();
    for (const code of Object.values(EXIT)) expect(text).toMatch(new RegExp(`[ :]${code} [a-zA-Z]`));
  });
});
