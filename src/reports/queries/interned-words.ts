/**
 * One string per distinct word of a result: the driver makes a new string for every row's copy of
 * a repeated value (a definition's name, a status word, a monitor's name on each of its
 * maintenance intervals), and a report of 10,000 monitors holds tens of thousands of rows while
 * its workbook is written. `intern(row, keys)` replaces each named field by the first copy seen.
 */
export function internedWords(): <R, K extends keyof R>(row: R, keys: readonly K[]) => void {
  const seen = new Map<string, string>();
  return (row, keys) => {
    const fields = row as Record<PropertyKey, unknown>;
    for (const key of keys) {
      const text = fields[key];
      if (typeof text !== 'string') continue;
      const known = seen.get(text);
      if (known === undefined) seen.set(text, text);
      else fields[key] = known;
    }
  };
}
