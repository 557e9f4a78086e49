// The known name nearest to a likely typo, for a hint's "did you mean": by edit distance, so that a field, a
// language or a page a user misspelled is named back to them.

/**
 * The closest known name to a likely typo, if one is close enough to be what was meant: at most two fifths of the
 * word's letters apart (and 3), so "titel" is "title" but "tags" is not "date".
 */
export function nearest(word: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.min(3, Math.floor(word.length * 0.4)) + 1;
  for (const candidate of candidates) {
    const d = distance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

/** The edit distance between two words (Levenshtein): how many letters to add, remove or change. */
export function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length];
}
