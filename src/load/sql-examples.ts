/**
 * Files of example queries (docs/warehouse-examples.sql, or an analyst's own), as `query --file`
 * runs them and the test of the data dictionary reads them: blocks, each opened by a header line
 * `/* example: <name> *\/`, holding one statement and its comments. The older header
 * `-- example: <name>` is still read, but no longer written: a block copied with it into
 * `uptrends-etl query "..."` began with `--`, which the command line took for an option.
 */

/** One example: its name, its SQL (comment lines included, header excluded) and its first line. */
export interface SqlExample {
  readonly name: string;
  readonly sql: string;
  /** 1-based line of its header in the file. */
  readonly line: number;
}

const HEADER = /^(?:\/\*\s*example:\s*(.*?)\s*\*\/|--\s*example:\s*(.*?))\s*$/;

/**
 * The examples of `text`, in file order. Text before the first header (the file's own comments)
 * belongs to no example; a text without any header is one example named `1`.
 */
export function readSqlExamples(text: string): SqlExample[] {
  const lines = text.split(/\r?\n/);
  const examples: { name: string; line: number; body: string[] }[] = [];
  lines.forEach((line, index) => {
    const header = HEADER.exec(line);
    if (header !== null) examples.push({ name: header[1] ?? header[2] ?? '', line: index + 1, body: [] });
    else examples[examples.length - 1]?.body.push(line);
  });
  if (examples.length === 0) return [{ name: '1', sql: text.trim(), line: 1 }];
  return examples.map((e) => ({ name: e.name, line: e.line, sql: e.body.join('\n').trim() }));
}
