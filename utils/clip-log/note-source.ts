import { canonicalUrl } from './canonical-url';

/**
 * The page a note was made from, read from the note itself: the `source:` (or `url:`) key of its
 * front matter, a `Source:` line in its first lines (Clipdeck's source header), or else a link
 * that opens the note (a bookmark note's first line). Canonical (tracking parameters ignored);
 * undefined when the note names no web page where a clip would.
 */
export function noteSourceUrl(markdown: string): string | undefined {
  const head = markdown.slice(0, 2_000);
  if (head.startsWith('---\n')) {
    const end = head.indexOf('\n---', 4);
    const matter = end > 0 ? head.slice(4, end) : '';
    const value = /^(?:source|url):[ \t]*["']?(https?:\/\/[^\s"']+)/im.exec(matter)?.[1];
    if (value) return canonicalUrl(value);
  }
  const lines = head.split('\n', 6);
  for (const line of lines) {
    if (!/^\s*(?:\*\*)?source:?/i.test(line)) continue;
    const found = firstAddress(line);
    if (found) return canonicalUrl(found);
  }
  const first = lines.find((line) => line.trim());
  const opening = first && firstAddress(first);
  return opening ? canonicalUrl(opening) : undefined;
}

/** The first link destination or bare address on a line of Markdown. */
function firstAddress(line: string): string | undefined {
  return (
    /\]\(<(https?:\/\/[^>]+)>/.exec(line)?.[1] ??
    /\]\((https?:\/\/[^)\s]+)/.exec(line)?.[1] ??
    /<(https?:\/\/[^>\s]+)>/.exec(line)?.[1] ??
    /(https?:\/\/[^\s)>\]]+)/.exec(line)?.[1]
  );
}
