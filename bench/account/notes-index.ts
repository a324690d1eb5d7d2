/**
 * The notes index with its catalog of every note (issue 18), in accounts of 100, 1,000 and 10,000
 * notes: what is stored, what a full scan costs, and what each clip costs afterwards. Not a timed
 * test: a measurement to read.
 *
 *   npx tsx bench/account/notes-index.ts [--clips 20] [--out bench/account/notes-index.md]
 *
 * The real utils/notes-index code in Node against the real local Notes server over HTTP (seeded
 * with seedNotes); storage is WXT's fake browser (in memory, as in the unit tests), so times are
 * the code's own work plus JSON copies, not Chromium's disk. A clip here is what the index does
 * when the outbox has saved a note (noteChanged); "elsewhere" is a note made by another tool,
 * found by the next stale refresh at the list's ends.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { seedNotes, startNotesServer } from '../../notes-server';
import { fakeBrowser } from '../fake-extension';

// utils/ is imported only now, with the fake extension APIs in place (fake-extension.ts).
const { createNotesClient } = await import('../../utils/api');
const { saveConnection } = await import('../../utils/settings');
const {
  noteChanged,
  notesIndexItem,
  prepareSearch,
  readCatalog,
  readNotesIndex,
  refreshNotesIndex,
  searchNotes,
  STALE_AFTER_MS,
} = await import('../../utils/notes-index');

const { values } = parseArgs({
  options: {
    clips: { type: 'string', default: '20' },
    out: { type: 'string', default: 'bench/account/notes-index.md' },
  },
});
const CLIPS = Number(values.clips);
const SIZES = [100, 1_000, 10_000];

const median = (list: number[]) =>
  [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const kB = (bytes: number) => (bytes / 1024).toFixed(1);

async function measure(notes: number) {
  fakeBrowser.reset();
  const server = await startNotesServer({ seed: seedNotes(notes) });
  await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
  const other = createNotesClient({ baseUrl: server.baseUrl, apiKey: server.apiKey });

  let started = performance.now();
  const scan = await refreshNotesIndex({});
  const scanMs = performance.now() - started;
  const index = await readNotesIndex();
  if (!index || !scan.ok) throw new Error('no index');
  const stored = await fakeBrowser.storage.local.get(null);
  const sizes = Object.entries(stored).map(
    ([key, value]) => [key, JSON.stringify(value).length] as const,
  );
  const summaryBytes = sizes.find(([key]) => key === 'notesIndex')?.[1] ?? 0;
  const shardSizes = sizes
    .filter(([key]) => key.startsWith('notesCatalog'))
    .map(([, size]) => size);

  let written = 0;
  const set = fakeBrowser.storage.local.set.bind(fakeBrowser.storage.local);
  fakeBrowser.storage.local.set = async (items: Record<string, unknown>) => {
    written += JSON.stringify(items).length;
    return set(items);
  };
  const clipMs: number[] = [];
  const clipBytes: number[] = [];
  const clipRequests: number[] = [];
  for (let n = 0; n < CLIPS; n++) {
    const made = await other.create({ title: `Clip ${n}`, markdown_text: 'x', tags: ['new'] });
    const before = server.stats().requests;
    written = 0;
    started = performance.now();
    await noteChanged(server.baseUrl, {
      kind: 'created',
      note: {
        id: made?.id ?? '',
        title: `Clip ${n}`,
        tags: ['new'],
        createdAt: made?.created_at ?? '',
        updatedAt: made?.updated_at ?? '',
        deckId: null,
      },
    });
    clipMs.push(performance.now() - started);
    clipBytes.push(written);
    clipRequests.push(server.stats().requests - before);
  }
  const refreshMs: number[] = [];
  const refreshRequests: number[] = [];
  for (let n = 0; n < 5; n++) {
    await other.create({ title: `Elsewhere ${n}`, markdown_text: 'x', tags: ['far'] });
    const current = await readNotesIndex();
    if (current) {
      await notesIndexItem.setValue({ ...current, refreshedAt: Date.now() - STALE_AFTER_MS - 1 });
    }
    started = performance.now();
    const refreshed = await refreshNotesIndex({});
    refreshMs.push(performance.now() - started);
    refreshRequests.push(refreshed.ok ? refreshed.requests : -1);
  }
  const place = { baseUrl: server.baseUrl, shards: index.catalog.shards };
  started = performance.now();
  const catalog = await readCatalog(place);
  const readMs = performance.now() - started;
  started = performance.now();
  const prepared = prepareSearch(catalog);
  const prepareMs = performance.now() - started;
  // Keystrokes: the first query pays for compiling the code; the median is what typing feels.
  const searchTimes: number[] = [];
  let found = searchNotes(prepared, '');
  for (const query of [
    'n',
    'no',
    'not',
    'note',
    'note 4',
    'note 42',
    'note 42 #c',
    '#common',
    'topic-7',
  ]) {
    started = performance.now();
    found = searchNotes(prepared, query);
    searchTimes.push(performance.now() - started);
  }
  const searchMs = median(searchTimes);
  const searchMax = Math.max(...searchTimes);
  await server.stop();
  return {
    notes,
    scanRequests: scan.requests,
    scanMs,
    summaryBytes,
    catalogBytes: shardSizes.reduce((sum, size) => sum + size, 0),
    shards: shardSizes.length,
    largestShard: Math.max(...shardSizes),
    clipMs: median(clipMs),
    clipBytes: median(clipBytes),
    clipRequests: Math.max(...clipRequests),
    refreshRequests: median(refreshRequests),
    refreshMs: median(refreshMs),
    readMs,
    prepareMs,
    searchMs,
    searchMax,
    matched: found.matched,
  };
}

const rows = [];
for (const size of SIZES) {
  const row = await measure(size);
  console.log(row);
  rows.push(row);
}

const table = [
  '| notes | full scan: requests | ms | stored: summary kB | catalog kB | shards | largest shard kB | clip: requests | ms (median) | kB written | stale refresh: requests | ms | read catalog ms | fold ms | keystroke ms: median | max |',
  '| ----: | ------------------: | -: | -----------------: | ---------: | -----: | ---------------: | -------------: | -----------: | ---------: | ----------------------: | -: | --------------: | ------: | -------------------: | --: |',
  ...rows.map(
    (row) =>
      `| ${row.notes.toLocaleString('en')} | ${row.scanRequests} | ${row.scanMs.toFixed(0)} | ${kB(row.summaryBytes)} | ${kB(row.catalogBytes)} | ${row.shards} | ${kB(row.largestShard)} | ${row.clipRequests} | ${row.clipMs.toFixed(1)} | ${kB(row.clipBytes)} | ${row.refreshRequests} | ${row.refreshMs.toFixed(0)} | ${row.readMs.toFixed(0)} | ${row.prepareMs.toFixed(0)} | ${row.searchMs.toFixed(1)} | ${row.searchMax.toFixed(0)} |`,
  ),
];
writeFileSync(
  values.out,
  `# The notes index and its catalog (issue 18)

Produced by \`npx tsx bench/account/notes-index.ts\` (${new Date().toISOString().slice(0, 10)}): the real
utils/notes-index code in Node against the real local Notes server (seedNotes), WXT's fake
browser for storage (in memory: times are the code's work and JSON copies, not Chromium's disk).
"clip": what the index does when the outbox has saved a note (one summary write, one catalog
shard), median of ${CLIPS}; "stale refresh": a note made elsewhere, found at the list's ends
(median of 5, the new note's notebook read included). Full scan requests include the notebook
reads of the newest notes. Search: reading the catalog, folding it once (accents, case), then
nine queries typed one key at a time ("n" … "note 42 #c", "#common", "topic-7"), median and max
(the first pays for compiling).

${table.join('\n')}
`,
);
