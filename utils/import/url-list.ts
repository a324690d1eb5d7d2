import { LinkCollector } from './link';

/**
 * A plain list: one address a line. Blank lines and lines starting with `#` (comments) are
 * passed over; anything else that is not a web address is reported as skipped with its line.
 */
export function parseUrlList(text: string): LinkCollector {
  const collector = new LinkCollector();
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    collector.add({ url: line, line: index + 1 });
  });
  return collector;
}

/** A list's first entry is a web address: enough to read the file as one. */
export function looksLikeUrlList(text: string): boolean {
  const first = text
    .split(/\r\n|\r|\n/)
    .find((line) => line.trim() && !line.trim().startsWith('#'));
  return first !== undefined && /^https?:\/\/\S+$/i.test(first.trim());
}
