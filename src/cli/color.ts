/**
 * Whether to colour what goes to a stream, by the conventions users set once for every tool:
 * `NO_COLOR` (any non-empty value, https://no-color.org) turns colour off; `FORCE_COLOR` turns it
 * on even when the stream is not a terminal (`0` or `false` turn it off); otherwise colour only on
 * a terminal that supports it. The same rule as commander's help, so logs, help and progress agree.
 */

/** True when output to `stream` may carry ANSI colours. */
export function colorEnabled(
  stream: { isTTY?: boolean; hasColors?: () => boolean },
  env: Record<string, string | undefined> = process.env,
): boolean {
  if ((env.NO_COLOR ?? '') !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  return stream.isTTY === true && (stream.hasColors?.() ?? false);
}
