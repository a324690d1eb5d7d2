/**
 * How a user's tags are normalised, whoever typed them: trimmed, empty ones dropped, no repeats
 * (case-insensitive; the first spelling wins). Kept apart from the storage items so code that runs
 * outside the extension (the command line's import of export files) can use the same rule.
 */
export function normaliseTags(tags: Iterable<string>): string[] {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const part of tags) {
    const tag = part.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    kept.push(tag);
  }
  return kept;
}

/** “news, to read ,News” → ['news', 'to read']: split on commas, then normalised. */
export function parseTags(input: string): string[] {
  return normaliseTags(input.split(','));
}
