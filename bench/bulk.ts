/**
 * The headless command's bulk run, measured (issue 17): not a test, a script that writes
 * bench/bulk.md.
 *
 *   npx tsx bench/bulk.ts [--pages 100] [--serial 10] [--links 2000] [--stops 3] [--jobs N]
 *
 * 1. Speed: `--pages` corpus pages (../shared/corpus, served locally) into the local Notes
 *    server with the bulk command, against today's serial command (b65cec8's scripts/clip.ts, one
 *    page after another) on the first `--serial` of them.
 * 2. Memory: a `--links` export (Netscape bookmarks HTML made from the corpus pages, each link a
 *    distinct address, with made-up tags and folders): the command's and the browser's resident
 *    memory sampled while it runs, first 100 pages against the last 100, and the peak.
 * 3. Resume: the same export stopped (SIGKILL) at `--stops` random points and run again until
 *    done: the notes must be those of the uninterrupted run (by source address), none twice.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type NotesServer, startNotesServer } from '../notes-server';
import { startStaticServer } from '../scripts/lib/static-server';
import { noteSourceUrl } from '../utils/clip-log/note-source';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '100' },
    serial: { type: 'string', default: '10' },
    links: { type: 'string', default: '2000' },
    stops: { type: 'string', default: '3' },
    jobs: { type: 'string' },
  },
});
const CORPUS = resolve('../shared/corpus');
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

/** Runs a command; `stopAfter` kills it (SIGKILL, as a crash would) after that many notes. */
function runCommand(
  script: string,
  args: string[],
  server: NotesServer,
  stopAfter?: number,
): Promise<RunResult> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, NOTES_API_URL: server.baseUrl, NOTES_API_KEY: server.apiKey },
  });
  let printed = 0;
  let stderr = '';
  const samples: Sample[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    printed += chunk.toString().split('\n').filter(Boolean).length;
    if (stopAfter !== undefined && printed >= stopAfter) child.kill('SIGKILL');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const sampler = setInterval(() => {
    if (child.pid === undefined) return;
    const { ownKb, childrenKb } = residentKb(child.pid);
    samples.push({
      at: Date.now() - started,
      pagesDone: printed,
      nodeKb: ownKb,
      browserKb: childrenKb,
    });
  }, 1_000);
  return new Promise((done) =>
    child.on('exit', (code) => {
      clearInterval(sampler);
      done({ code, ms: Date.now() - started, printed, stderr, samples });
    }),
  );
}

function sourcesOf(server: NotesServer): string[] {
  return server.notes().map((note) => noteSourceUrl(note.markdown_text) ?? `(none) ${note.title}`);
}

const perMinute = (pages: number, ms: number) => Math.round((pages / ms) * 60_000);
const mb = (kb: number) => (kb / 1024).toFixed(0);

async function main() {
  const pages = corpusPages();
  const site = await startStaticServer(CORPUS);
  const lines: string[] = [
    '# Bulk clipping with the headless command (issue 17)',
    '',
    `Measured ${new Date().toISOString().slice(0, 16)} UTC on this machine (${execFileSync('nproc').toString().trim()} cores, shared), with \`npx tsx bench/bulk.ts ${process.argv.slice(2).join(' ')}\`.`,
    '',
  ];
  const jobs = values.jobs ? ['--jobs', values.jobs] : [];
  try {
    // 1. Speed.
    const count = Number(values.pages);
    const chosen = Array.from(
      { length: count },
      (_, index) => pages[index % pages.length] as string,
    );
    const urls = chosen.map(
      (page, index) => `${site.urlFor(page)}${index >= pages.length ? `?copy=${index}` : ''}`,
    );
    const list = join(work, 'pages.txt');
    writeFileSync(list, `${urls.join('\n')}\n`);
    let server = await startNotesServer();
    const bulk = await runCommand('scripts/clip.ts', ['--from', list, ...jobs], server);
    const bulkNotes = server.notes().length;
    await server.stop();
    const serialCount = Number(values.serial);
    let serialLine = '';
    if (serialCount > 0) {
      const old = join('scripts', '.serial-clip-b65cec8.ts');
      writeFileSync(old, execFileSync('git', ['show', 'b65cec8:scripts/clip.ts']));
      server = await startNotesServer();
      try {
        const serial = await runCommand(old, urls.slice(0, serialCount), server);
        serialLine = `| serial command (b65cec8), first ${serialCount} pages | ${(serial.ms / 1000).toFixed(1)} s | ${server.notes().length} | ${perMinute(server.notes().length, serial.ms)} |`;
      } finally {
        execFileSync('rm', ['-f', old]);
        await server.stop();
      }
    }
    lines.push(
      `## ${count} corpus pages into the local Notes server`,
      '',
      '| run | wall time (whole command) | notes | pages a minute |',
      '| --- | --- | --- | --- |',
      `| bulk command (${jobs.length ? values.jobs : 'default'} jobs) | ${(bulk.ms / 1000).toFixed(1)} s | ${bulkNotes} | ${perMinute(bulkNotes, bulk.ms)} |`,
      ...(serialLine ? [serialLine] : []),
      '',
      `Bulk command summary: \`${/done in .*/.exec(bulk.stderr)?.[0] ?? bulk.stderr.trim().split('\n').pop()}\``,
      '',
    );
    process.stderr.write(`${lines.join('\n')}\n`);

    // 2. Memory over a long export, and 3. stops and resumes.
    const linkCount = Number(values.links);
    if (linkCount > 0) {
      const folders = ['Reading', 'Reading/Long', 'Tech', 'Tech/Web', 'News', 'Later'];
      const entries = Array.from({ length: linkCount }, (_, index) => {
        const page = pages[index % pages.length] as string;
        const folder = folders[index % folders.length] as string;
        return {
          url: `${site.urlFor(page)}?link=${index}`,
          folder,
          tags: [`tag${index % 7}`, `topic-${index % 3}`],
        };
      });
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
      const exportFile = join(work, 'bookmarks.html');
      writeFileSync(exportFile, html);

      server = await startNotesServer();
      const long = await runCommand(
        'scripts/clip.ts',
        ['--from', exportFile, '--journal', join(work, 'long.journal'), ...jobs],
        server,
      );
      const reference = new Set(sourcesOf(server));
      const referenceCount = server.notes().length;
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
      lines.push(
        `## A ${linkCount}-link bookmarks export (made-up tags and folders)`,
        '',
        `${long.printed} notes in ${(long.ms / 60_000).toFixed(1)} min (${perMinute(long.printed, long.ms)} pages a minute), exit ${long.code}.`,
        '',
        '| resident memory (MB) | first 100 pages (mean) | last 100 pages (mean) | peak |',
        '| --- | --- | --- | --- |',
        `| Node (the command) | ${mb(average(first, 'nodeKb'))} | ${mb(average(last, 'nodeKb'))} | ${mb(peak('nodeKb'))} |`,
        `| browser (all its processes) | ${mb(average(first, 'browserKb'))} | ${mb(average(last, 'browserKb'))} | ${mb(peak('browserKb'))} |`,
        '',
      );
      process.stderr.write(`${lines.slice(-8).join('\n')}\n`);

      const stops = Number(values.stops);
      server = await startNotesServer();
      const journal = join(work, 'stopped.journal');
      const stopPoints: number[] = [];
      let before = 0;
      for (let stop = 0; stop < stops; stop++) {
        const after = 1 + Math.floor(Math.random() * Math.max(1, referenceCount / (stops + 1)));
        stopPoints.push(before + after);
        await runCommand(
          'scripts/clip.ts',
          ['--from', exportFile, '--journal', journal, ...jobs],
          server,
          after,
        );
        before = server.notes().length;
      }
      const finish = await runCommand(
        'scripts/clip.ts',
        ['--from', exportFile, '--journal', journal, ...jobs],
        server,
      );
      const resumed = sourcesOf(server);
      const twice = resumed.length - new Set(resumed).size;
      const missing = [...reference].filter((source) => !resumed.includes(source)).length;
      const extra = [...new Set(resumed)].filter((source) => !reference.has(source)).length;
      await server.stop();
      lines.push(
        `## Stopped ${stops} times (SIGKILL) and run again`,
        '',
        `Killed after ${stopPoints.join(', ')} notes in all (random points), then run to the end (exit ${finish.code}): ` +
          `${resumed.length} notes against ${referenceCount} uninterrupted; ${twice} twice, ${missing} missing, ${extra} not in the uninterrupted run.`,
        '',
      );
    }
  } finally {
    await site.stop();
  }
  writeFileSync('bench/bulk.md', `${lines.join('\n')}\n`);
  process.stderr.write(`${lines.join('\n')}\nWritten to bench/bulk.md\n`);
}

void main();
