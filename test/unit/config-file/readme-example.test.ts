/**
 * The example configuration file in the README and in docs/ is the same text and is valid: what a
 * reader copies works.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../../src/config-file/load-config-file.ts';

const root = new URL('../../../', import.meta.url);
const example = readFileSync(new URL('docs/uptrends-etl.example.yaml', root), 'utf8');
const readme = readFileSync(new URL('README.md', root), 'utf8');

describe('the example configuration file', () => {
  it('is in the README word for word', () => {
    expect(readme).toContain(`\`\`\`yaml\n${example}\`\`\``);
  });

  it('is valid, with four subscriptions and the SMTP URL named by its variable', () => {
    const file = parseConfigFile(example, 'uptrends-etl.example.yaml');
    expect(file.contents.subscriptions?.map((s) => s.name)).toEqual([
      'eu-weekly',
      'web-monthly',
      'board-quarterly',
      'web-early-warning',
    ]);
    expect(file.contents.mail?.smtp_url_env).toBe('SMTP_URL');
  });
});
