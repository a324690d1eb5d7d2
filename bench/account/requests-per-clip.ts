/**
 * Requests per clip in accounts of 100, 1,000 and 10,000 notes, healthy and under faults
 * (issue 14). Not a timed test: a measurement to read.
 *
 *   npx tsx bench/account/requests-per-clip.ts [--clips 30] [--out bench/account/requests-per-clip.md]
 *
 * Drives the real outbox code (utils/outbox, as built into the extension) against the real local
 * Notes server over HTTP, in Node. The browser's storage and alarms are WXT's fake browser (the
 * same one the unit tests use); time is real. Clips are sent one after another so each one's
 * requests can be counted exactly: the server's request count before it is stored and after it is
 * saved and checked for extra copies. Requests answered with an injected fault count too.
 *
 * Faults: 20 % of requests answered 500, 10 % of creates stored and then the connection cut, 5 %
 * answered 429 (Retry-After: 1). Node's fetch does not resend a POST on its own as Chromium does
 * when a reused connection closes unanswered, so that browser behaviour is imitated: half the
 * creates whose connection was cut are sent again once by the "browser" before the outbox hears
 * of any failure — the case that leaves an extra copy for the outbox to find and delete.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { seedNotes, startNotesServer } from '../../notes-server';
import { fakeBrowser } from '../fake-extension';

// The outbox reads `globalThis.chrome` and words its sentences when its modules load: the fake
// extension APIs must be in place first (fake-extension.ts), hence the dynamic imports below.
const { createNotesClient } = await import('../../utils/api');
const { createOutbox, OUTBOX_ALARM, outboxConfigItem } = await import('../../utils/outbox');

const { values } = parseArgs({
  options: {
    clips: { type: 'string', default: '30' },
    out: { type: 'string', default: 'bench/account/requests-per-clip.md' },
  },
});
const CLIPS = Number(values.clips);
const SIZES = [100, 1_000, 10_000];
const FAULTS = {
  serverErrorRate: 0.2,
  dropAfterCreateRate: 0.1,
  rateLimit: { rate: 0.05, retryAfterSeconds: 1 },
};

interface Row {
  notes: number;
  scenario: 'healthy' | 'faults';
  clips: number;
  median: number;
  p95: number;
  max: number;
  mean: number;
  stored: number;
  duplicates: number;
  lost: number;
  seconds: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function run(notes: number, scenario: Row['scenario']): Promise<Row> {
  fakeBrowser.reset();
  const server = await startNotesServer({
    decks: ['reading'],
    seed: seedNotes(notes, ['default', 'reading']),
  });
  await outboxConfigItem.setValue({
    baseDelayMs: 50,
    maxDelayMs: 400,
    maxAttempts: 30,
    requestTimeoutMs: 3_000,
  });
  // The "browser": on a create whose connection was cut, resend it once, half the time.
  let coin = 0;
  const browserFetch: typeof fetch = async (input, init) => {
    try {
      return await fetch(input, init);
    } catch (error) {
      if (init?.method !== 'POST' || coin++ % 2 === 1) throw error;
      return fetch(input, init);
    }
  };
  const outbox = createOutbox({
    getClient: async (config) =>
      createNotesClient({
        baseUrl: server.baseUrl,
        apiKey: server.apiKey,
        timeoutMs: config.requestTimeoutMs,
        fetch: browserFetch,
      }),
  });
  if (scenario === 'faults') server.setFaults({ ...FAULTS, seed: notes });
  const started = Date.now();
  const perClip: number[] = [];
  const titles: string[] = [];
  for (let n = 0; n < CLIPS; n++) {
    const title = `Bench clip ${n} (${notes} notes, ${scenario})`;
    titles.push(title);
    const before = server.stats().requests;
    const { id } = await outbox.add({
      draft: { title, markdown_text: `# ${title}\n\nClipped text.`, tags: ['common'] },
      ...(n % 2 === 0 && { deckId: 'reading' }),
    });
    // Retries wait for the outbox alarm, which the fake browser never rings: ring it when due.
    for (;;) {
      const entry = await outbox.get(id);
      if (entry?.state === 'needs-attention')
        throw new Error(`${title}: ${entry.lastError?.message}`);
      if (entry?.state === 'saved' && entry.duplicatesChecked) break;
      const alarm = await fakeBrowser.alarms.get(OUTBOX_ALARM);
      if (alarm && alarm.scheduledTime <= Date.now()) await outbox.pump();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    perClip.push(server.stats().requests - before);
  }
  const seconds = (Date.now() - started) / 1000;
  server.setFaults({});
  const stored = server.notes().filter((note) => titles.includes(note.title));
  await server.stop();
  const sorted = [...perClip].sort((a, b) => a - b);
  return {
    notes,
    scenario,
    clips: CLIPS,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1] ?? 0,
    mean: perClip.reduce((sum, value) => sum + value, 0) / perClip.length,
    stored: stored.length,
    duplicates: stored.length - new Set(stored.map((note) => note.title)).size,
    lost: titles.filter((title) => !stored.some((note) => note.title === title)).length,
    seconds,
  };
}

const rows: Row[] = [];
for (const notes of SIZES) {
  for (const scenario of ['healthy', 'faults'] as const) {
    const row = await run(notes, scenario);
    rows.push(row);
    console.error(
      `${notes} notes, ${scenario}: median ${row.median}, p95 ${row.p95}, max ${row.max}`,
    );
  }
}

const header = [
  'notes in account',
  'scenario',
  'clips',
  'requests per clip: median',
  'p95',
  'max',
  'mean',
  'stored',
  'duplicates',
  'lost',
];
const cells = rows.map((row) => [
  row.notes.toLocaleString('en'),
  row.scenario,
  String(row.clips),
  String(row.median),
  String(row.p95),
  String(row.max),
  row.mean.toFixed(2),
  String(row.stored),
  String(row.duplicates),
  String(row.lost),
]);
// Laid out as the formatter (biome) lays out a Markdown table: padded, numbers to the right.
const widths = header.map((title, column) =>
  Math.max(title.length, ...cells.map((line) => line[column]?.length ?? 0)),
);
const left = (column: number) => column === 1;
const line = (values: string[]) =>
  `| ${values
    .map((value, column) =>
      left(column)
        ? value.padEnd(widths[column] ?? 0)
        : column === 0 && values === header
          ? value.padEnd(widths[column] ?? 0)
          : value.padStart(widths[column] ?? 0),
    )
    .join(' | ')} |`;
const table = [
  line(header),
  `| ${widths.map((width, column) => (left(column) ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`,
  ...cells.map(line),
].join('\n');
console.log(table);

const report = `# Requests per clip (issue 14)

Produced by \`npx tsx bench/account/requests-per-clip.ts\` (${new Date().toISOString().slice(0, 10)}): the
real outbox code in Node against the real local Notes server, WXT's fake browser for storage and
alarms; clips sent one after another, half to the deck "reading", half to the default notebook;
each clip's requests counted at the server, injected faults included. Faults: 500 on 20 % of
requests, 10 % of creates stored then the connection cut (half of those resent once by the
"browser", as Chromium does on a reused connection), 429 on 5 % (Retry-After: 1). See the header
of bench/account/requests-per-clip.ts.

${table}

A healthy clip costs 3 requests (count, create, count) whatever the size of the account. Under
faults the extra requests are the retries themselves, the search of the list's ends after an
unanswered create (one or two pages of 20), and the delete of an extra copy. Before (the code at
1b11ab4) every drained queue listed the clip's notebook whole: about 1 + N/200 list pages per
clip here (the notes are split over two notebooks), 51 for 10,000 notes, and an unanswered
create listed it once more.
`;
writeFileSync(values.out, report);
console.error(`written to ${values.out}`);
