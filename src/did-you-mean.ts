/**
 * "Did you mean ...?" for a mistyped name: a stream, an enumerated value of the configuration
 * file (a schedule, a format, a report kind). The rule is the one commander applies to a mistyped
 * option (its `suggestSimilar`, which it does not export), so every suggestion of the tool reads
 * the same: the candidates at the smallest edit distance (insert, delete, substitute, swap two
 * neighbours; at most 3), and only those more than 40 % alike; case is ignored.
 */

const MAX_DISTANCE = 3;
const MIN_SIMILARITY = 0.4;

/** Optimal string alignment distance (Damerau-Levenshtein without editing a substring twice). */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > MAX_DISTANCE) return Math.max(a.length, b.length);
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let j = 1; j <= b.length; j++) {
    for (let i = 1; i <= a.length; i++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The candidates closest to `word`, sorted; none when nothing is close enough. */
export function similarNames(word: string, candidates: readonly string[]): string[] {
  const typed = word.trim().toLowerCase();
  let best = MAX_DISTANCE;
  let similar: string[] = [];
  for (const candidate of new Set(candidates)) {
    if (candidate.length <= 1) continue;
    const distance = editDistance(typed, candidate.toLowerCase());
    const length = Math.max(typed.length, candidate.length);
    if ((length - distance) / length <= MIN_SIMILARITY) continue;
    if (distance < best) {
      best = distance;
      similar = [candidate];
    } else if (distance === best) {
      similar.push(candidate);
    }
  }
  return similar.sort((a, b) => a.localeCompare(b));
}

/** `did you mean alerts?` (or `did you mean one of a, b?`), or '' when nothing is close. */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const similar = similarNames(word, candidates);
  if (similar.length === 0) return '';
  return similar.length === 1 ? `did you mean ${similar[0]!}?` : `did you mean one of ${similar.join(', ')}?`;
}

/** `text` followed by `; did you mean ...?` when a candidate is close to `word`. */
export function withSuggestion(text: string, word: unknown, candidates: readonly string[]): string {
  const hint = typeof word === 'string' ? didYouMean(word, candidates) : '';
  return hint === '' ? text : `${text}; ${hint}`;
}
