/**
 * Issue 33: a key the file must have and does not says so in plain words, with its place, instead
 * of zod's "Invalid input: expected object, received undefined".
 */
import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../../src/config-file/load-config-file.ts';

function messageOf(text: string): string {
  try {
    parseConfigFile(text, 'c.yaml');
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('a missing required key', () => {
  it.each([
    [
      'subscriptions:\n  - name: x\n    schedule: daily\n',
      'c.yaml:2:5: subscriptions[0].recipients: the required key "recipients" is missing from subscriptions[0]',
    ],
    [
      'subscriptions:\n  - name: x\n    recipients: { addresses: [a@example.com] }\n',
      'c.yaml:2:5: subscriptions[0].schedule: the required key "schedule" is missing from subscriptions[0]',
    ],
    [
      'accounts:\n  - name: a\n    username_env: A_USER\n',
      'c.yaml:2:5: accounts[0].password_env: the required key "password_env" is missing from accounts[0]',
    ],
  ])('is named with its place: %j', (text, expected) => {
    const message = messageOf(text);
    expect(message).toContain(expected);
    expect(message).not.toContain('received undefined');
  });

  it('a value of the wrong kind keeps its own message', () => {
    expect(messageOf('subscriptions:\n  - name: x\n    schedule: daily\n    recipients: 5\n')).toContain(
      'subscriptions[0].recipients: Invalid input: expected object, received number',
    );
  });
});
