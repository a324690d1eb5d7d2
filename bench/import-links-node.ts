/**
 * "Import links" without the browser (issue 17): the options page's runner with the real
 * background handlers and the real outbox, in Node against the real local Notes server; storage
 * is WXT's fake browser, as in the unit tests. Reports time, links per minute, and the heap and
 * outbox size sampled as the import runs, to show they stay flat. A measurement, not a test.
 *
 *   npx tsx --expose-gc bench/import-links-node.ts [--links 1000]
 */
import { parseArgs } from 'node:util';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startNotesServer } from '../notes-server';

// The outbox reads `globalThis.chrome` when its modules load: the fake browser goes in first.
(globalThis as { chrome?: unknown }).chrome = fakeBrowser;
const { runImport } = await import('../utils/import');
const { checkKnownLinks, importLinks, importProgress, storeImportedClips } = await import(
  '../utils/import/background'
);
const { outboxItem } = await import('../utils/outbox');
const { wireBackground } = await import('../utils/wake');
const { createBackgroundWork } = await import('../utils/work');
const { saveConnection } = await import('../utils/settings');

const { values } = parseArgs({ options: { links: { type: 'string', default: '1000' } } });
const LINKS = Number(values.links);

const rows = Array.from(
  { length: LINKS },
  (_, index) =>
    `"Saved page ${index}, part ${index % 13}",https://bench.example/${index}?utm_source=pocket,${1_600_000_000 + index * 60},reading|topic-${index % 37},unread`,
);
const bytes = new TextEncoder().encode(`title,url,time_added,tags,status\n${rows.join('\n')}\n`);

const server = await startNotesServer();
await saveConnection({ baseUrl: server.baseUrl, apiKey: server.apiKey });
globalThis.clipdeckWork = createBackgroundWork();
wireBackground();

const gc = (globalThis as { gc?: () => void }).gc;
const samples: Array<{ stored: number; heapMb: number; outbox: number }> = [];
let nextSample = 0;
const started = Date.now();
const run = await runImport(
  [{ name: 'pocket.csv', bytes }],
  {
    findKnownLinks: (urls) => checkKnownLinks(urls),
    importLinks: (links, format) => importLinks(links, format, storeImportedClips),
    importProgress: (ids) => importProgress(ids),
  },
  {
    onProgress: (progress) => {
      if (progress.stored < nextSample) return;
      nextSample = progress.stored + LINKS / 10;
      gc?.();
      const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
      void outboxItem.getValue().then(({ entries }) => {
        samples.push({ stored: progress.stored, heapMb, outbox: entries.length });
      });
    },
  },
);
const seconds = (Date.now() - started) / 1000;
await server.stop();
if (!run.ok) throw new Error(run.error.message);
console.log(
  `links: ${LINKS}; stored ${run.progress.stored}; ${seconds.toFixed(1)} s; ${((run.progress.stored / seconds) * 60).toFixed(0)} links/min`,
);
for (const sample of samples) {
  console.log(
    `after ${sample.stored} stored: heap ${sample.heapMb.toFixed(1)} MB, outbox ${sample.outbox} entries`,
  );
}
console.log(`requests to the service: ${server.stats().requests}`);
process.exit(0);
