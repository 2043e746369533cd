/**
 * Masks known secrets in text that came from the outside (error messages, body excerpts) before
 * it reaches an error or a log: a service or proxy that echoes the request back must not put the
 * password into our logs.
 */

/** `text` with every secret of 3 or more characters replaced by `***`. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let masked = text;
  for (const secret of secrets) {
    // Shorter secrets would mask half the text and hide nothing useful.
    if (secret.length >= 3) masked = masked.split(secret).join('***');
  }
  return masked;
}
