/**
 * The layers of src/ import downward only: cli -> api -> pipeline -> extract / transform / load /
 * reports (the programmatic API, src/api/ and src/index.ts, is what the CLI commands call), with src/time and the root modules (errors, terms, config, logger, version) usable by
 * all, and src/config-file (the configuration file) by the CLI and the pipeline. extract only talks HTTP and parses: it writes nothing, so it never imports load. transform
 * may import the table types of load/schema.ts (a row mapper returns its table's row) and nothing
 * else of load. No import cycle anywhere. The simulator is a separate program that shares the error
 * module and the schemas it serves, and computes its calendar itself (not with src/time).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : name.endsWith('.ts') ? [full] : [];
  });
}

/** Every `src/` file with the `src/` files it imports (static and dynamic, types included). */
const graph = new Map<string, string[]>(
  files(SRC).map((file) => {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)].map((m) =>
      path.relative(SRC, path.resolve(path.dirname(file), m[1]!)),
    );
    return [path.relative(SRC, file), targets];
  }),
);

const layerOf = (file: string): string =>
  file === 'bin.ts' ? 'bin' : file === 'index.ts' ? 'api' : file.includes('/') ? file.split('/')[0]! : 'root';

/**
 * The entry points: where options arrive as text and are resolved once (the programmatic API and
 * the commands that parse flags into its options).
 */
const isEntryPoint = (file: string): boolean =>
  file === 'index.ts' || file.startsWith('api/') || file.startsWith('cli/commands/');

/** The report entry points below src/api that take a resolved request: file and function. */
const REQUEST_ENTRY_POINTS: readonly (readonly [string, string])[] = [
  ['reports/run-reports.ts', 'runReports'],
  ['reports/run-reports.ts', 'loadReportModels'],
  ['reports/run-reports.ts', 'writeReportFiles'],
  ['reports/queries/common-input.ts', 'queryCommonScope'],
  ['reports/sla/model.ts', 'loadSlaModel'],
  ['reports/incidents/model.ts', 'loadIncidentModel'],
  ['pipeline/subscriptions/coverage-gate.ts', 'periodCoverage'],
];

/** The files below src/api that take report values: reports/, the delivery pipeline, nightly. */
const REPORT_VALUE_TAKERS = (): string[] => [
  ...files(path.join(SRC, 'reports')),
  ...files(path.join(SRC, 'pipeline/subscriptions')),
  path.join(SRC, 'pipeline/run-nightly.ts'),
  path.join(SRC, 'pipeline/preview-nightly.ts'),
];

/** What each layer may import besides itself. */
const ALLOWED: Record<string, readonly string[]> = {
  // The process entry point sits above everything: it runs the CLI and maps its errors to exits.
  bin: ['root', 'cli'],
  // The package's programmatic API (`import ... from 'uptrends-etl'`, src/api/): the jobs the CLI
  // commands call, where their options are checked, defaulted and resolved.
  api: ['root', 'time', 'config-file', 'pipeline', 'reports', 'load'],
  root: ['root', 'time'],
  time: ['root'],
  // The configuration file: its schema and loader, read by the CLI and the pipeline.
  'config-file': ['root', 'time'],
  extract: ['root', 'time'],
  transform: ['root', 'time', 'extract'],
  load: ['root', 'time'],
  reports: ['root', 'time', 'load'],
  pipeline: ['root', 'time', 'config-file', 'extract', 'transform', 'load', 'reports', 'simulator'],
  // A command parses its flags and calls the API (issue 44): never the pipeline or the warehouse
  // code itself. Report formats and defaults (reports/) and the simulator's limits it may name.
  cli: ['root', 'time', 'config-file', 'api', 'reports', 'simulator'],
  // A separate program and the tests' ground truth: it serves the schemas the extraction reads,
  // and keeps a calendar of its own (simulator/sim-calendar.ts), so that a calendar bug of src/time
  // cannot agree with itself. Of transform it names types only (the maintenance record).
  simulator: ['root', 'extract', 'transform'],
};

describe('architecture', () => {
  it('every import goes to an allowed layer', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = layerOf(file);
      for (const target of targets) {
        const to = layerOf(target);
        if (to === from) continue;
        const typeOnlySchema = from === 'transform' && target === 'load/schema.ts';
        if (!ALLOWED[from]?.includes(to) && !typeOnlySchema) wrong.push(`${file} -> ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the simulator computes its calendar itself: no src/time, and only types of src/transform', () => {
    const shared = files(path.join(SRC, 'simulator')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import (type )?[^;]*? from '(\.[^']+)';/gms)]
        .map(
          (m) => [m[1] !== undefined, path.relative(SRC, path.resolve(path.dirname(file), m[2]!))] as const,
        )
        .filter(
          ([typeOnly, target]) =>
            target.startsWith('time/') || (target.startsWith('transform/') && !typeOnly),
        )
        .map(([, target]) => `${path.relative(SRC, file)} -> ${target}`),
    );
    expect(shared).toEqual([]);
  });

  it('extract imports nothing from load, reports, cli or pipeline; nothing below cli imports cli', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      targets
        .filter(
          (t) =>
            (file.startsWith('extract/') && /^(load|reports|cli|pipeline)\//.test(t)) ||
            (!file.startsWith('cli/') && file !== 'bin.ts' && t.startsWith('cli/')),
        )
        .map((t) => `${file} -> ${t}`),
    );
    expect(upward).toEqual([]);
  });

  it('option texts are parsed at the edge: only entry points import time/parse-period-options.ts', () => {
    const importers = [...graph]
      .filter(([, targets]) => targets.includes('time/parse-period-options.ts'))
      .map(([file]) => file);
    expect(importers.filter((file) => !isEntryPoint(file))).toEqual([]);
    // The rule is about something: the entry points do import it.
    expect(importers).toContain('api/sync-job.ts');
    expect(importers.some((file) => file.startsWith('cli/commands/'))).toBe(true);
  });

  it('the CLI commands run the jobs through the programmatic API, not the pipeline job functions', () => {
    const direct = [...graph]
      .filter(([file]) => file.startsWith('cli/commands/'))
      .flatMap(([file, targets]) =>
        targets
          .filter((t) =>
            ['pipeline/run-nightly.ts', 'reports/run-reports.ts', 'reports/run-at-risk-report.ts'].includes(
              t,
            ),
          )
          .map((t) => `${file} -> ${t}`),
      );
    expect(direct).toEqual([]);
    // Every command but simulate (a separate program) goes through src/api.
    const commands = [...graph.keys()]
      .filter((file) => file.startsWith('cli/commands/') && !file.endsWith('/index.ts'))
      .map((file) => path.basename(file, '.ts'))
      .filter((command) => command !== 'simulate');
    expect(commands.length).toBeGreaterThanOrEqual(11);
    const withoutApi = commands.filter(
      (command) => !graph.get(`cli/commands/${command}.ts`)!.some((t) => t.startsWith('api/')),
    );
    expect(withoutApi).toEqual([]);
  });

  it('no file of the CLI imports pipeline/ or load/ (types included)', () => {
    const direct = [...graph]
      .filter(([file]) => file.startsWith('cli/'))
      .flatMap(([file, targets]) =>
        targets.filter((t) => /^(pipeline|load)\//.test(t)).map((t) => `${file} -> ${t}`),
      );
    expect(direct).toEqual([]);
  });

  it('below src/api no file names an unresolved value: no period options, period choices or as-of texts', () => {
    // Resolved once at the edge (issue 44): the layers below take a ReportPeriod, a ReportAccount,
    // a ResolvedReportRequest; time/ defines the unresolved types for the entry points.
    const unresolved = /\b(PeriodOptions|PeriodChoice|AsOfOption)\b/;
    const below = [...graph.keys()].filter(
      (file) =>
        !isEntryPoint(file) && !file.startsWith('time/') && !file.startsWith('cli/') && file !== 'bin.ts',
    );
    expect(below.length).toBeGreaterThan(100);
    const naming = below.filter((file) => unresolved.test(readFileSync(path.join(SRC, file), 'utf8')));
    expect(naming).toEqual([]);
    const importing = below.filter((file) =>
      graph.get(file)!.some((t) => t === 'time/parse-period-options.ts' || t.startsWith('api/')),
    );
    expect(importing).toEqual([]);
  });

  describe('the report entry points below src/api accept only a resolved request', () => {
    // The exported signatures, read by the compiler: what a caller can pass is what the types say.
    const program = ts.createProgram(
      REQUEST_ENTRY_POINTS.map(([file]) => path.join(SRC, file)).concat(
        REPORT_VALUE_TAKERS(),
        path.join(SRC, 'api/report-request.ts'),
      ),
      {
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2023,
        allowImportingTsExtensions: true,
        noEmit: true,
        strict: true,
        skipLibCheck: true,
        types: ['node'],
      },
    );
    const checker = program.getTypeChecker();
    /** Every exported function of `file`: its name and its parameters' types. */
    const exportedFunctions = (file: string): { name: string; params: ts.Type[] }[] => {
      const source = program.getSourceFile(path.join(SRC, file))!;
      const moduleSymbol = checker.getSymbolAtLocation(source)!;
      return checker.getExportsOfModule(moduleSymbol).flatMap((symbol) => {
        const type = checker.getTypeOfSymbol(symbol);
        return type.getCallSignatures().map((signature) => ({
          name: symbol.getName(),
          params: signature.getParameters().map((p) => checker.getTypeOfSymbol(p)),
        }));
      });
    };
    const typeName = (type: ts.Type): string => checker.typeToString(type);
    /** `type`'s properties that hold an unresolved value: an account by id, a period as a union. */
    const unresolvedParts = (type: ts.Type): string[] =>
      checker.getPropertiesOfType(checker.getNonNullableType(type)).flatMap((property) => {
        const name = property.getName();
        const propertyType = checker.getTypeOfSymbol(property);
        if (name === 'accountId' && (property.flags & ts.SymbolFlags.Optional) !== 0) return [name];
        // A period as one of several shapes (a choice or a placed period); a preset's name is not one.
        const period = checker.getNonNullableType(propertyType);
        const shapes = period.isUnion() ? period.types : [];
        if (name === 'period' && shapes.some((t) => (t.flags & ts.TypeFlags.Object) !== 0)) return [name];
        return [];
      });

    it.each(REQUEST_ENTRY_POINTS)(
      '%s: %s takes a ResolvedReportRequest and nothing to resolve',
      (file, name) => {
        const fn = exportedFunctions(file).find((f) => f.name === name);
        expect(fn, `${file} exports ${name}`).toBeDefined();
        expect(fn!.params.map(typeName)).toContain('ResolvedReportRequest');
        expect(fn!.params.flatMap(unresolvedParts)).toEqual([]);
      },
    );

    it('no exported function of reports/, the delivery pipeline or nightly takes an account id to look up, or a period to resolve', () => {
      const below = REPORT_VALUE_TAKERS();
      expect(below.length).toBeGreaterThan(60);
      const found = below.flatMap((full) => {
        const file = path.relative(SRC, full);
        return exportedFunctions(file).flatMap(({ name, params }) =>
          params.flatMap(unresolvedParts).map((part) => `${file} ${name}: ${part}`),
        );
      });
      expect(found).toEqual([]);
    });

    it('the check finds what it looks for (an optional accountId, a period union)', () => {
      // The API's own options do take them: the same check flags them there.
      const api = exportedFunctions('api/report-request.ts').find((f) => f.name === 'resolveReportRequest');
      expect(api!.params.flatMap(unresolvedParts)).toEqual(expect.arrayContaining(['accountId', 'period']));
    });
  });

  it('has no import cycle', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, trail: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('libraries of one code path are loaded on it, not by every command (docs/performance.md, "Start-up")', () => {
    // The embedded engine, pretty log lines, progress bars, the configuration file's YAML, XML
    // bodies and SMTP: a scheduled sync on Postgres, or a report written to files, takes none.
    const onePath =
      /^import (?!type )[^;]*from '(@electric-sql\/pglite|pino-pretty|cli-progress|yaml|fast-xml-parser|nodemailer)'/m;
    const eager = files(SRC)
      .map((file) => path.relative(SRC, file))
      .filter(
        (file) => !file.startsWith('simulator/') && onePath.test(readFileSync(path.join(SRC, file), 'utf8')),
      );
    expect(eager).toEqual([]);
  });

  it('type escapes are few and explained: at most four double casts (the pdfkit font: null among them), Kysely<any> only where Kysely asks for it', () => {
    const sources = files(SRC).map((file) => ({
      file: path.relative(SRC, file),
      lines: readFileSync(file, 'utf8').split('\n'),
    }));
    const doubleCasts = sources.flatMap(({ file, lines }) =>
      lines.flatMap((line, i) => (line.includes('as unknown as') ? [{ file, line: i, lines }] : [])),
    );
    expect(doubleCasts.length).toBeGreaterThan(0);
    expect(doubleCasts.length).toBeLessThanOrEqual(4);
    // Each one says why, on its line or in the comment just above it.
    const unexplained = doubleCasts.filter(
      ({ line, lines }) => !/\/\/|\/\*/.test(lines[line]!) && !/^\s*(\/\/|\*)/.test(lines[line - 1] ?? ''),
    );
    expect(unexplained.map(({ file }) => file)).toEqual([]);
    const anyKysely = sources.filter(({ lines }) => lines.some((l) => l.includes('Kysely<any>')));
    expect(anyKysely.map(({ file }) => file)).toEqual(['load/connection/pglite-dialect.ts']);
  });

  it('the graph is read: files and imports were found', () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get('pipeline/run-sync.ts')).toContain('pipeline/streams/index.ts');
  });
});
