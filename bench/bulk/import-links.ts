/**
 * The options page's "Import links" with a large export (issue 17): time, links per minute, and
 * whether memory stays flat — the options page's JS heap and the extension storage in use (the
 * outbox) sampled as the import runs. Not a timed test: a measurement to read.
 *
 *   npm run build:automation && npx tsx bench/bulk/import-links.ts [--links 10000] [--seed 1000]
 *
 * Real Chromium with the automation build, the real local Notes server (seeded with `--seed`
 * notes, half of whose sources are links of the file, so the already-there check has work), a
 * generated Pocket CSV with tags.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startNotesServer } from '../../notes-server';
import { launchWithExtension } from '../../scripts/lib/chromium';
import { AUTOMATION_BUILD_DIR } from '../../scripts/lib/headless-clip';

const { values } = parseArgs({
  options: {
    links: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1000' },
  },
});
const LINKS = Number(values.links);
const SEED = Number(values.seed);

const rows = Array.from({ length: LINKS }, (_, index) => {
  const tags = ['reading', `topic-${index % 37}`, index % 5 ? '' : 'long read'].filter(Boolean);
  return `"Saved page ${index}, part ${index % 13}",https://bench.example/${index}?utm_source=pocket,${1_600_000_000 + index * 60},${tags.join('|')},unread`;
});
const csv = `title,url,time_added,tags,status\n${rows.join('\n')}\n`;
const file = join(await mkdtemp(join(tmpdir(), 'clipdeck-import-')), 'pocket.csv');
await writeFile(file, csv);

const seed = Array.from({ length: SEED }, (_, index) => {
  const now = new Date(1_700_000_000_000 + index * 1000).toISOString();
  return {
    id: `seed-${index}`,
    title: `Seeded ${index}`,
    // Every other seeded note is a page of the file, clipped before with another tracker.
    markdown_text:
      index % 2 === 0
        ? `Source: [bench.example](https://bench.example/${index}?fbclid=1) \\\nClipped\n\nText`
        : `# Seeded ${index}\n\nText`,
    tags: [],
    deck_id: 'default',
    created_at: now,
    updated_at: now,
  };
});
const server = await startNotesServer({ seed });
const extension = await launchWithExtension(AUTOMATION_BUILD_DIR);
try {
  await extension.worker.evaluate(
    (connection) =>
      (
        globalThis as unknown as {
          clipdeckAutomation: { configure(value: unknown): Promise<void> };
        }
      ).clipdeckAutomation.configure(connection),
    { baseUrl: server.baseUrl, apiKey: server.apiKey },
  );
  const page = await extension.context.newPage();
  await page.goto(`chrome-extension://${extension.extensionId}/options.html`);
  await page.locator('#import-links-file').waitFor({ state: 'attached' });
  const cdp = await extension.context.newCDPSession(page);

  const samples: Array<{ seconds: number; stored: number; heapMb: number; storageKb: number }> = [];
  const started = Date.now();
  await page.locator('#import-links-file').setInputFiles(file);
  let summary = '';
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    const storage = await extension.worker.evaluate(() => chrome.storage.local.getBytesInUse(null));
    const value = await page
      .locator('section[aria-labelledby="import-links-heading"] progress')
      .first()
      .getAttribute('value', { timeout: 100 })
      .catch(() => null);
    samples.push({
      seconds: (Date.now() - started) / 1000,
      stored: Number(value ?? 0),
      heapMb: usedSize / 2 ** 20,
      storageKb: storage / 1024,
    });
    const status = (await page.locator('#import-links-status').textContent()) ?? '';
    if (status.startsWith('Imported') || /line \d+:|could not/.test(status)) {
      summary = status;
      break;
    }
  }
  const seconds = (Date.now() - started) / 1000;
  const stored = server.notes().length - SEED;
  const at = (share: number) =>
    samples.find((sample) => sample.stored >= share * (LINKS - SEED / 2)) ?? samples.at(-1);
  const peak = (key: 'heapMb' | 'storageKb') => Math.max(...samples.map((sample) => sample[key]));
  console.log(
    `links in file: ${LINKS}; account before: ${SEED} notes (${SEED / 2} of the file's pages)`,
  );
  console.log(`summary: ${summary}`);
  console.log(
    `notes created: ${stored}; time ${seconds.toFixed(1)} s; ${((stored / seconds) * 60).toFixed(0)} links/min`,
  );
  for (const share of [0.1, 0.5, 0.9]) {
    const sample = at(share);
    console.log(
      `at ${share * 100}%: options page heap ${sample?.heapMb.toFixed(1)} MB, extension storage ${sample?.storageKb.toFixed(0)} kB`,
    );
  }
  console.log(
    `peak: options page heap ${peak('heapMb').toFixed(1)} MB, extension storage ${peak('storageKb').toFixed(0)} kB`,
  );
  console.log(`requests to the service: ${server.stats().requests}`);
} finally {
  await extension.close();
  await server.stop();
}
