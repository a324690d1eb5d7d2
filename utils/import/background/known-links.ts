import { MAX_PAGE_SIZE, type NotesClient } from '../../api';
import { canonicalUrl, readClipLog } from '../../clip-log';

/**
 * The scan reads at most this many pages (20,000 notes), like the notes index: an import into a
 * larger account checks that many and says so.
 */
export const MAX_KNOWN_SCAN_PAGES = 200;

/**
 * The page a note was made from, as Clipdeck writes it: the `source:` key of YAML front matter,
 * or the link on a `Source:` line among the first lines (the source header, and every bookmark
 * note). Canonical (tracking parameters ignored); undefined when the note names none.
 */
export function noteSource(markdown: string): string | undefined {
  const head = markdown.slice(0, 4096);
  if (head.startsWith('---\n')) {
    const matter = head.slice(4, Math.max(4, head.indexOf('\n---', 4)));
    const value = /^source:[ \t]*["']?(https?:\/\/[^\s"']+)/m.exec(matter)?.[1];
    if (value) return canonicalUrl(value);
  }
  for (const line of head.split('\n', 8)) {
    if (!/^Source:/i.test(line)) continue;
    const address =
      /\]\(<(https?:\/\/[^>]+)>/.exec(line)?.[1] ?? /\]\((https?:\/\/[^)\s]+)/.exec(line)?.[1];
    if (address) return canonicalUrl(address.replace(/\\(.)/g, '$1'));
  }
  return undefined;
}

export interface KnownLinks {
  /** The asked-for canonical addresses the account already has a note of. */
  known: string[];
  /** False when the account had more notes than one scan reads. */
  complete: boolean;
  requests: number;
}

/**
 * Which of these pages the account already has notes of: one pass over the list at 100 notes a
 * page, keeping only the matches (memory follows the import, not the account), plus the clip
 * log's record of notes whose template shows no source — counted only when the scan saw that
 * note, so a note deleted since is not taken for one that is there.
 */
export async function findKnownLinks(
  client: NotesClient,
  canonicalUrls: readonly string[],
): Promise<KnownLinks> {
  const wanted = new Set(canonicalUrls);
  const known = new Set<string>();
  const seenIds = new Set<string>();
  let requests = 0;
  let complete = false;
  for (let offset = 0; requests < MAX_KNOWN_SCAN_PAGES; ) {
    const page = await client.list({ limit: MAX_PAGE_SIZE, offset });
    requests++;
    const before = seenIds.size;
    for (const note of page.data) {
      seenIds.add(note.id);
      const source = noteSource(note.markdown_text);
      if (source && wanted.has(source)) known.add(source);
    }
    offset += page.data.length;
    if (page.data.length < MAX_PAGE_SIZE || seenIds.size === before || offset >= page.total) {
      complete = true;
      break;
    }
  }
  for (const entry of await readClipLog()) {
    if (wanted.has(entry.url) && seenIds.has(entry.noteId)) known.add(entry.url);
  }
  return { known: [...known], complete, requests };
}
