/**
 * Issue 33, "Container and install": compose.yaml runs the job with a configuration file of two
 * accounts and their subscriptions, mounted and named by UPTRENDS_ETL_CONFIG, and passes every
 * variable of .env (each *_env the file names, UPTRENDS_API_URL) to the job; the example .env lists
 * every variable the file names. The tarball installs without peer warnings: every peer a runtime
 * dependency names is installed, with no override. No Docker daemon here: the compose file
 * is parsed, and `docker compose config` validates it when the compose plugin is installed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file/load-config-file.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string): string => readFileSync(path.join(REPO, file), 'utf8');

interface ComposeService {
  env_file?: ({ path: string; required?: boolean } | string)[];
  environment?: Record<string, string>;
  configs?: { source: string; target: string }[];
  command?: unknown;
}
interface Compose {
  services: Record<string, ComposeService>;
  configs: Record<string, { file: string }>;
}

const compose = parse(read('compose.yaml')) as Compose;
const nightly = compose.services.nightly!;
const ENV_EXAMPLE = read('docs/compose/env.example');
/** The variables the example .env sets or shows (commented out). */
const exampleVariables = new Set([...ENV_EXAMPLE.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));

/** `${NAME:-default}` -> the default. */
const withDefault = (text: string): string => text.replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1');

describe('compose.yaml', () => {
  it('mounts a configuration file and names it with UPTRENDS_ETL_CONFIG', () => {
    const mount = nightly.configs?.find((c) => c.target === nightly.environment?.UPTRENDS_ETL_CONFIG);
    expect(mount, 'a config mounted at UPTRENDS_ETL_CONFIG').toBeDefined();
    expect(compose.configs[mount!.source]!.file).toMatch(/UPTRENDS_ETL_CONFIG_FILE/);
    expect(existsSync(path.join(REPO, withDefault(compose.configs[mount!.source]!.file)))).toBe(true);
  });

  it('its configuration file has two accounts and subscriptions, each naming accounts it has', () => {
    const file = parseConfigFile(read('docs/compose/uptrends-etl.yaml'), 'docs/compose/uptrends-etl.yaml');
    const accounts = file.contents.accounts!.map((a) => a.name);
    expect(accounts).toHaveLength(2);
    const subscriptions = file.contents.subscriptions!;
    expect(subscriptions.length).toBeGreaterThanOrEqual(2);
    for (const account of accounts)
      expect(subscriptions.some((s) => s.accounts?.includes(account))).toBe(true);
  });

  it('passes every variable of .env to the job, and the example .env holds each one the file names', () => {
    expect(nightly.env_file).toContainEqual({ path: '.env', required: false });
    const file = parseConfigFile(read('docs/compose/uptrends-etl.yaml'), 'c.yaml');
    const named = [
      ...file.contents.accounts!.flatMap((a) =>
        [a.username_env, a.password_env, a.infra_username_env, a.infra_password_env].filter(
          (v): v is string => v !== undefined,
        ),
      ),
      file.contents.mail?.smtp_url_env ?? 'SMTP_URL',
    ];
    for (const variable of [...named, 'POSTGRES_PASSWORD', 'UPTRENDS_API_URL', 'UPTRENDS_ETL_CONFIG_FILE'])
      expect(exampleVariables, variable).toContain(variable);
    // Credentials come through .env, never written into the compose file.
    for (const key of Object.keys(nightly.environment ?? {}))
      expect(key).not.toMatch(/USERNAME|PASSWORD$|SMTP_URL/);
    // Every ${...} of the compose file is a variable the example .env explains.
    for (const [, variable] of read('compose.yaml').matchAll(/\$\{([A-Z0-9_]+)/g))
      expect(exampleVariables, variable).toContain(variable);
  });

  it('the README shows the demo in a warehouse of its own, never the db service', () => {
    const readme = read('README.md');
    expect(readme).toContain('docker compose run --rm nightly demo --out reports/demo');
    expect(read('compose.yaml')).toContain('docker compose run --rm nightly demo --out reports/demo');
  });

  it('is valid for docker compose (when the compose plugin is installed)', (context) => {
    const version = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
    if (version.status !== 0) return context.skip();
    const result = spawnSync(
      'docker',
      ['compose', '--env-file', 'docs/compose/env.example', 'config', '-q'],
      {
        cwd: REPO,
        encoding: 'utf8',
        // Both are required (`:?`) and left empty in the example.
        env: { ...process.env, POSTGRES_PASSWORD: 'x', ETL_DB_PASSWORD: 'y' },
      },
    );
    expect(result.status, result.stderr).toBe(0);
  });
});

describe('the package installs without peer warnings', () => {
  it('every peer a runtime dependency names is installed in a release it accepts, and nothing overrides one', () => {
    const pkg = JSON.parse(read('package.json')) as { overrides?: unknown };
    expect(pkg.overrides).toBeUndefined();
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<
        string,
        {
          version?: string;
          dev?: boolean;
          peerDependencies?: Record<string, string>;
          peerDependenciesMeta?: Record<string, { optional?: boolean }>;
        }
      >;
    };
    const installed = (name: string): string | undefined => lock.packages[`node_modules/${name}`]?.version;
    const unmet: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      if (entry.dev === true) continue;
      for (const [peer, range] of Object.entries(entry.peerDependencies ?? {})) {
        if (entry.peerDependenciesMeta?.[peer]?.optional === true) continue;
        const version = installed(peer);
        if (version === undefined || !semver.satisfies(version, range, { includePrerelease: true }))
          unmet.push(`${where} wants ${peer}@${range}, installed ${version ?? 'none'}`);
      }
    }
    expect(unmet).toEqual([]);
  });
});
