/**
 * The headless command's bulk run, measured (issue 17): not a test, a script that writes
 * bench/bulk/bulk.md.
 *
 *   npx tsx bench/bulk/bulk.ts [--parts speed,resume,memory] [--pages 100] [--serial 10]
 *     [--links 2000] [--resume-links 150] [--stops 3] [--jobs N] [--offline]
 *
 * 1. speed: `--pages` corpus pages (../shared/corpus, served locally) into the local Notes
 *    server with the bulk command, against today's serial command (b65cec8's scripts/clip.ts, one
 *    page after another) on the first `--serial` of them.
 * 3. memory: a `--links` export (Netscape bookmarks HTML made from the corpus pages, each link a
 *    distinct address, with made-up tags and folders): the command's and the browser's resident
 *    memory sampled while it runs, first 100 pages against the last 100, and the peak; and the
 *    command's live heap after a full collection every 25 notes (CLIPDECK_HEAP_EVERY, see
 *    scripts/lib/bulk/heap-probe.ts), which tells a leak from memory the allocator keeps.
 * 2. resume: a `--resume-links` export run once uninterrupted, then into a fresh server stopped
 *    at `--stops` random points (SIGINT and SIGKILL in turn) and run again until done: the notes
 *    must be those of the uninterrupted run (by source address), none twice.
 *
 * Every figure is counted on the Notes server (notes, distinct sources, sources held twice), not
 * from the command's output, and comes with the machine's load average when it was taken.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type NotesServer, startNotesServer } from '../../notes-server';
import { parseHeapLine } from '../../scripts/lib/bulk/heap-probe';
import { startStaticServer } from '../../scripts/lib/static-server';
import { noteSourceUrl } from '../../utils/clip-log/note-source';
import { lineCounter } from './stdout-lines';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '100' },
    serial: { type: 'string', default: '10' },
    parts: { type: 'string', default: 'speed,resume,memory' },
    links: { type: 'string', default: '2000' },
    'resume-links': { type: 'string', default: '150' },
    stops: { type: 'string', default: '3' },
    jobs: { type: 'string' },
    offline: { type: 'boolean', default: false },
  },
});
/**
 * --offline: every host but this machine is "not found" at once, as on a machine without a
 * network. This sandbox's firewall instead leaves connections to other hosts hanging for ~20 s,
 * so a corpus page with a third-party script in its head waits that long for its document.
 */
const OFFLINE_RULE = '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1';
const CORPUS = resolve('../shared/corpus');
/** The memory part asks the command for its live heap after this many notes each time. */
const HEAP_EVERY = 25;
/** The last commit whose `npm start` clipped one page after another: the serial comparison. */
const SERIAL_COMMIT = 'b65cec8';
const work = mkdtempSync(join(tmpdir(), 'clipdeck-bulk-bench-'));

function corpusPages(): string[] {
  const pages: string[] = [];
  for (const name of readdirSync(join(CORPUS, 'readability')).sort()) {
    if (existsSync(join(CORPUS, 'readability', name, 'source.html')))
      pages.push(`readability/${name}/source.html`);
  }
  for (const file of readdirSync(join(CORPUS, 'extraction-benchmark')).sort()) {
    if (file.endsWith('.html')) pages.push(`extraction-benchmark/${file}`);
  }
  return pages;
}

interface Sample {
  at: number;
  pagesDone: number;
  nodeKb: number;
  browserKb: number;
}

/** Resident memory of a process and of its descendants (the browser's processes), from /proc. */
function residentKb(pid: number): { ownKb: number; childrenKb: number } {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {}
  }
  const rss = (id: number) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  let childrenKb = 0;
  const stack = [...(children.get(pid) ?? [])];
  while (stack.length) {
    const id = stack.pop() as number;
    childrenKb += rss(id);
    stack.push(...(children.get(id) ?? []));
  }
  return { ownKb: rss(pid), childrenKb };
}

interface RunResult {
  code: number | null;
  ms: number;
  printed: number;
  stderr: string;
  samples: Sample[];
}

/**
 * Runs a command; `stop` ends it after that many notes: SIGKILL as a crash would, or SIGINT as
 * Ctrl-C does (a second SIGINT a second later: the user who does not wait).
 */
/**
 * The serial command as it was: the whole tree at SERIAL_COMMIT in a temporary worktree (its
 * scripts need their own lib and extension), sharing this checkout's packages (the same versions,
 * a subset), with its extension built before the clock starts. With --offline its Chromium gets
 * the same host rule as today's command (it had no way to pass arguments), so both meet the same
 * network.
 */
function serialTree(): string {
  const tree = join(work, 'serial-tree');
  execFileSync('git', ['worktree', 'add', '--detach', tree, SERIAL_COMMIT], { stdio: 'ignore' });
  execFileSync('cp', ['-al', resolve('node_modules'), tree]);
  if (values.offline) {
    const launcher = join(tree, 'scripts/lib/chromium.ts');
    const source = readFileSync(launcher, 'utf8');
    const patched = source.replace("'--disable-quic',", `'--disable-quic', '${OFFLINE_RULE}',`);
    if (patched === source) throw new Error(`${launcher}: no place for the offline rule`);
    writeFileSync(launcher, patched);
  }
  execFileSync('npx', ['wxt', 'build', '--mode', 'automation'], { cwd: tree, stdio: 'ignore' });
  return tree;
}

function runCommand(
  script: string,
  args: string[],
  server: NotesServer,
  stop?: { after: number; signal: 'SIGKILL' | 'SIGINT' },
  cwd?: string,
  env: Record<string, string> = {},
): Promise<RunResult> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    ...(cwd !== undefined && { cwd }),
    env: {
      ...process.env,
      NOTES_API_URL: server.baseUrl,
      NOTES_API_KEY: server.apiKey,
      ...(values.offline && { CLIPDECK_CHROMIUM_ARGS: JSON.stringify([OFFLINE_RULE]) }),
      ...env,
    },
  });
  const lines = lineCounter();
  let stopping = false;
  let stderr = '';
  const samples: Sample[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    if (!stop || stopping || lines.add(chunk) < stop.after) return;
    stopping = true;
    child.kill(stop.signal);
    if (stop.signal === 'SIGINT') setTimeout(() => child.kill('SIGINT'), 1_000).unref();
  });
  if (!stop) child.stdout.on('data', (chunk: Buffer) => lines.add(chunk));
  child.stderr.on('data', (chunk: Buffer) => {
    // BENCH_VERBOSE=1: the command's progress and summary as it runs.
    if (process.env.BENCH_VERBOSE) process.stderr.write(chunk);
    stderr += chunk.toString();
  });
  const sampler = setInterval(() => {
    if (child.pid === undefined) return;
    const { ownKb, childrenKb } = residentKb(child.pid);
    samples.push({
      at: Date.now() - started,
      pagesDone: lines.count(),
      nodeKb: ownKb,
      browserKb: childrenKb,
    });
  }, 1_000);
  return new Promise((done) =>
    child.on('exit', (code) => {
      clearInterval(sampler);
      done({ code, ms: Date.now() - started, printed: lines.count(), stderr, samples });
    }),
  );
}

function sourcesOf(server: NotesServer): string[] {
  return server.notes().map((note) => noteSourceUrl(note.markdown_text) ?? `(none) ${note.title}`);
}

/** What the server holds: notes, distinct sources, and sources held more than once. */
function tally(server: NotesServer): { notes: number; sources: number; twice: number } {
  const sources = sourcesOf(server);
  const distinct = new Set(sources).size;
  return { notes: sources.length, sources: distinct, twice: sources.length - distinct };
}

const load = () => `load ${loadavg()[0]?.toFixed(2)}`;

const perMinute = (pages: number, ms: number) => Math.round((pages / ms) * 60_000);
const mb = (kb: number) => (kb / 1024).toFixed(0);

/** A bookmarks export of `count` distinct links to the corpus pages, in made-up folders and tags. */
function bookmarksExport(
  pages: string[],
  urlFor: (page: string) => string,
  count: number,
  tag: string,
) {
  const folders = ['Reading', 'Reading/Long', 'Tech', 'Tech/Web', 'News', 'Later'];
  const entries = Array.from({ length: count }, (_, index) => ({
    url: `${urlFor(pages[index % pages.length] as string)}?${tag}=${index}`,
    folder: folders[index % folders.length] as string,
    tags: [`tag${index % 7}`, `topic-${index % 3}`],
  }));
  const html = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">',
    '<TITLE>Bookmarks</TITLE><H1>Bookmarks</H1><DL><p>',
    ...folders.map(
      (folder) =>
        `<DT><H3>${folder}</H3><DL><p>\n${entries
          .filter((entry) => entry.folder === folder)
          .map(
            (entry, index) =>
              `<DT><A HREF="${entry.url}" ADD_DATE="1700000000" TAGS="${entry.tags.join(',')}">Link ${index}</A>`,
          )
          .join('\n')}\n</DL><p>`,
    ),
    '</DL><p>',
  ].join('\n');
  const file = join(work, `${tag}.html`);
  writeFileSync(file, html);
  return file;
}

async function main() {
  const pages = corpusPages();
  const parts = new Set(values.parts.split(','));
  const site = await startStaticServer(CORPUS);
  const lines: string[] = [
    '# Bulk clipping with the headless command (issue 17)',
    '',
    `Measured ${new Date().toISOString().slice(0, 16)} UTC${values.offline ? ' with other hosts unreachable at once (--offline: Chromium resolves no host but this machine)' : ''} on this machine (${execFileSync('nproc').toString().trim()} cores, shared), with \`npx tsx bench/bulk/bulk.ts ${process.argv.slice(2).join(' ')}\`. The load average (1 min) is given as each run started and ended.`,
    '',
  ];
  // Written after each part, so a part cut short leaves the figures of those before it.
  const say = (...added: string[]) => {
    lines.push(...added);
    process.stderr.write(`${added.join('\n')}\n`);
    writeFileSync('bench/bulk/bulk.md', `${lines.join('\n')}\n`);
  };
  const jobs = values.jobs ? ['--jobs', values.jobs] : [];
  try {
    if (parts.has('speed')) {
      const count = Number(values.pages);
      const urls = Array.from({ length: count }, (_, index) => {
        const page = pages[index % pages.length] as string;
        return `${site.urlFor(page)}${index >= pages.length ? `?copy=${index}` : ''}`;
      });
      const list = join(work, 'pages.txt');
      writeFileSync(list, `${urls.join('\n')}\n`);
      let server = await startNotesServer();
      const loadBefore = load();
      const bulk = await runCommand('scripts/clip.ts', ['--from', list, ...jobs], server);
      const held = tally(server);
      await server.stop();
      const rows = [
        `| bulk command (${jobs.length ? values.jobs : 'default'} jobs) | ${(bulk.ms / 1000).toFixed(1)} s | ${held.notes} (${held.twice} twice) | ${perMinute(held.notes, bulk.ms)} | ${loadBefore} → ${load()} |`,
      ];
      const serialCount = Number(values.serial);
      if (serialCount > 0) {
        const tree = serialTree();
        server = await startNotesServer();
        try {
          const before = load();
          const serial = await runCommand(
            'scripts/clip.ts',
            urls.slice(0, serialCount),
            server,
            undefined,
            tree,
          );
          const notes = server.notes().length;
          rows.push(
            `| serial command (${SERIAL_COMMIT}), first ${serialCount} pages | ${(serial.ms / 1000).toFixed(1)} s | ${notes} | ${perMinute(notes, serial.ms)} | ${before} → ${load()} |`,
          );
        } finally {
          execFileSync('git', ['worktree', 'remove', '--force', tree]);
          await server.stop();
        }
      }
      say(
        `## ${count} corpus pages into the local Notes server`,
        '',
        '| run | wall time (whole command) | notes on the server | pages a minute | load |',
        '| --- | --- | --- | --- | --- |',
        ...rows,
        '',
        `Bulk command summary: \`${/done in .*/.exec(bulk.stderr)?.[0] ?? bulk.stderr.trim().split('\n').pop()}\``,
        '',
      );
    }

    const resumeCount = Number(values['resume-links']);
    if (parts.has('resume') && resumeCount > 0) {
      const exportFile = bookmarksExport(pages, site.urlFor, resumeCount, 'resume');
      let server = await startNotesServer();
      const loadBefore = load();
      const whole = await runCommand(
        'scripts/clip.ts',
        ['--from', exportFile, '--journal', join(work, 'whole.journal'), ...jobs],
        server,
      );
      const reference = new Set(sourcesOf(server));
      const referenceCount = server.notes().length;
      await server.stop();

      const stops = Number(values.stops);
      server = await startNotesServer();
      const journal = join(work, 'stopped.journal');
      const stopPoints: string[] = [];
      let before = 0;
      for (let stop = 0; stop < stops; stop++) {
        const after = 1 + Math.floor(Math.random() * Math.max(1, referenceCount / (stops + 1)));
        const signal = stop % 2 === 0 ? 'SIGKILL' : 'SIGINT';
        await runCommand(
          'scripts/clip.ts',
          ['--from', exportFile, '--journal', journal, ...jobs],
          server,
          { after, signal },
        );
        before = server.notes().length;
        stopPoints.push(`${signal} after ${after} more (${before} on the server)`);
      }
      const finish = await runCommand(
        'scripts/clip.ts',
        ['--from', exportFile, '--journal', journal, ...jobs],
        server,
      );
      const resumed = sourcesOf(server);
      const held = tally(server);
      const missing = [...reference].filter((source) => !resumed.includes(source)).length;
      const extra = [...new Set(resumed)].filter((source) => !reference.has(source)).length;
      await server.stop();
      say(
        `## A ${resumeCount}-link export stopped ${stops} times and run again`,
        '',
        `Uninterrupted: ${referenceCount} notes in ${(whole.ms / 1000).toFixed(0)} s (exit ${whole.code}). ` +
          `Stopped: ${stopPoints.join('; ')}; then run to the end (exit ${finish.code}): ` +
          `${held.notes} notes against ${referenceCount} uninterrupted; ${held.twice} twice, ${missing} missing, ${extra} not in the uninterrupted run. ${loadBefore} → ${load()}.`,
        '',
      );
    }
    const linkCount = Number(values.links);
    if (parts.has('memory') && linkCount > 0) {
      const exportFile = bookmarksExport(pages, site.urlFor, linkCount, 'link');
      const server = await startNotesServer();
      const loadBefore = load();
      const long = await runCommand(
        'scripts/clip.ts',
        ['--from', exportFile, '--journal', join(work, 'long.journal'), ...jobs],
        server,
        undefined,
        undefined,
        { CLIPDECK_HEAP_EVERY: String(HEAP_EVERY) },
      );
      const held = tally(server);
      await server.stop();
      const window = (from: number, to: number) =>
        long.samples.filter((sample) => sample.pagesDone >= from && sample.pagesDone < to);
      const average = (samples: Sample[], field: 'nodeKb' | 'browserKb') =>
        samples.length
          ? samples.reduce((sum, sample) => sum + sample[field], 0) / samples.length
          : 0;
      const first = window(0, 100);
      const last = window(long.printed - 100, long.printed + 1);
      const peak = (field: 'nodeKb' | 'browserKb') =>
        Math.max(0, ...long.samples.map((sample) => sample[field]));
      const heaps = long.stderr
        .split('\n')
        .map(parseHeapLine)
        .filter((heap) => heap !== undefined);
      const heapMean = (from: number, to: number) => {
        const inWindow = heaps.filter((heap) => heap.notes > from && heap.notes <= to);
        return inWindow.reduce((sum, heap) => sum + heap.heapUsed, 0) / (inWindow.length || 1);
      };
      const heapMb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
      say(
        `## A ${linkCount}-link bookmarks export (made-up tags and folders)`,
        '',
        `${held.notes} notes on the server (${held.sources} distinct sources, ${held.twice} twice), ${long.printed} printed, in ${(long.ms / 60_000).toFixed(1)} min (${perMinute(held.notes, long.ms)} pages a minute), exit ${long.code}; ${loadBefore} → ${load()}.`,
        '',
        '| resident memory (MB) | first 100 pages (mean) | last 100 pages (mean) | peak |',
        '| --- | --- | --- | --- |',
        `| Node (the command) | ${mb(average(first, 'nodeKb'))} | ${mb(average(last, 'nodeKb'))} | ${mb(peak('nodeKb'))} |`,
        `| browser (all its processes) | ${mb(average(first, 'browserKb'))} | ${mb(average(last, 'browserKb'))} | ${mb(peak('browserKb'))} |`,
        '',
        `Node's live heap after a full collection, every ${HEAP_EVERY} notes (MB): first 100 pages ${heapMb(heapMean(0, 100))}, last 100 ${heapMb(heapMean(long.printed - 100, long.printed))}, peak ${heapMb(Math.max(0, ...heaps.map((heap) => heap.heapUsed)))}; all: ${heaps.map((heap) => heapMb(heap.heapUsed)).join(' ')}.`,
        '',
      );
    }
  } finally {
    await site.stop();
  }
  process.stderr.write('Written to bench/bulk/bulk.md\n');
}

void main();
