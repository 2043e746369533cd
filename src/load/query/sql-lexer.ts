/**
 * Splits an analyst's SQL text into statements of tokens the way the Postgres lexer does, so the
 * checks of statement-rules.ts see the same statements, keywords and names as the server: what
 * is a comment, a string or a quoted name to the server is one here too, and a `;` separates
 * statements only outside them.
 *
 * Where this lexer and the server's could disagree, it errs towards seeing more: a name the
 * server would run is never hidden from the checks. Unicode-escaped names (`U&"..."`), which
 * would need their escapes decoded to be compared, are refused instead.
 */
import { QueryError } from '../../errors.ts';

/** One token outside comments: a name or keyword, a string literal, or one punctuation character. */
export interface Token {
  /** A name or keyword (lower-cased when unquoted, as the server folds it); undefined otherwise. */
  readonly word?: string;
  /** True for a double-quoted name: never a keyword. */
  readonly quoted?: boolean;
  /** One punctuation character, or `'` for a string literal and `$` for a dollar-quoted one. */
  readonly punct?: string;
  /** The value of a plain '...' string literal (not of an E'...' one, whose escapes are not read). */
  readonly literal?: string;
}

/** Longest name the server keeps (NAMEDATALEN - 1 bytes): a longer one is cut to this. */
export const MAX_NAME_BYTES = 63;

/** The server's white space: nothing else separates tokens (a no-break space is part of a name). */
const SPACE = /[ \t\n\r\f\v]/;
const NAME_START = /[A-Za-z_\u0080-\uffff]/;
const NAME_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

/** Refuses the text before it runs (code QUERY_REFUSED), naming why in plain words. */
export function refuse(message: string): never {
  throw new QueryError('QUERY_REFUSED', `query refused: ${message}`, { context: { setting: 'query' } });
}

/** ASCII letters lower-cased, as the server folds an unquoted name (other letters are kept). */
function foldName(name: string): string {
  return name.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * The statements of `text`, each a list of its tokens outside comments, split at top-level
 * semicolons (empty statements dropped). Refuses an unterminated string, name, comment or dollar
 * quote, and Unicode-escaped names.
 */
export function lexStatements(text: string): Token[][] {
  const statements: Token[][] = [[]];
  const push = (token: Token): void => void statements[statements.length - 1]!.push(token);
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text[i]!;
    const next = text[i + 1];
    if (SPACE.test(c)) {
      i++;
    } else if (c === '-' && next === '-') {
      while (i < n && text[i] !== '\n' && text[i] !== '\r') i++;
    } else if (c === '/' && next === '*') {
      // Block comments nest in Postgres.
      let depth = 1;
      i += 2;
      while (depth > 0) {
        if (i >= n) refuse('a /* comment is not closed');
        if (text.startsWith('/*', i)) {
          depth++;
          i += 2;
        } else if (text.startsWith('*/', i)) {
          depth--;
          i += 2;
        } else i++;
      }
    } else if (c === "'" || ((c === 'e' || c === 'E') && next === "'")) {
      const escapes = c !== "'";
      const start = i;
      i += escapes ? 2 : 1;
      for (;;) {
        if (i >= n) refuse('a quoted string is not closed');
        const ch = text[i]!;
        if (escapes && ch === '\\') i += 2;
        else if (ch === "'" && text[i + 1] === "'") i += 2;
        else if (ch === "'") break;
        else i++;
      }
      i++;
      push(
        escapes
          ? { punct: "'" }
          : { punct: "'", literal: text.slice(start + 1, i - 1).replaceAll("''", "'") },
      );
    } else if (c === '"') {
      let j = i + 1;
      let name = '';
      for (;;) {
        if (j >= n) refuse('a quoted name (") is not closed');
        if (text[j] === '"' && text[j + 1] === '"') {
          name += '"';
          j += 2;
        } else if (text[j] === '"') break;
        else name += text[j++];
      }
      i = j + 1;
      push({ word: name, quoted: true });
    } else if (c === '$') {
      const tag = DOLLAR_TAG.exec(text.slice(i, i + 200));
      if (tag === null) {
        i++; // a positional parameter ($1)
        continue;
      }
      const end = text.indexOf(tag[0], i + tag[0].length);
      if (end < 0) refuse('a dollar-quoted string is not closed');
      i = end + tag[0].length;
      push({ punct: '$' });
    } else if (NAME_START.test(c)) {
      let j = i;
      while (j < n && NAME_PART.test(text[j]!)) j++;
      const name = text.slice(i, j);
      if ((name === 'u' || name === 'U') && text[j] === '&' && text[j + 1] === '"') {
        refuse('Unicode-escaped names (U&"...") are not accepted; write the name itself');
      }
      push({ word: foldName(name) });
      i = j;
    } else if (c === ';') {
      statements.push([]);
      i++;
    } else {
      push({ punct: c });
      i++;
    }
  }
  return statements.filter((s) => s.length > 0);
}

/**
 * The names a statement could call: every name token, lower-cased, and also cut to the server's
 * 63 bytes where longer (the server calls a long name by its first 63 bytes).
 */
export function namesOf(tokens: readonly Token[]): Set<string> {
  const names = new Set<string>();
  for (const token of tokens) {
    if (token.word === undefined) continue;
    const name = token.word.toLowerCase();
    names.add(name);
    // Cut at a character boundary, as the server does.
    let cut = name;
    while (Buffer.byteLength(cut, 'utf8') > MAX_NAME_BYTES) cut = cut.slice(0, -1);
    names.add(cut);
  }
  return names;
}
