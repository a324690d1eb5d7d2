/**
 * What the background bundle is made of: builds the store build's background with a source map
 * (bench/capture/background-size.config.ts) and attributes every byte of background.js to the source file
 * its mapping names, then groups files by package (or by utils/<domain> for our own code).
 *
 *   npx tsx bench/capture/background-size.ts [--files] [--work]
 *
 * --work: the work layer (background-work.js, loaded when an event needs it: utils/wake) instead
 * of background.js, which every start of the worker loads.
 *
 * Raw bytes are exact (per mapping segment; unmapped bytes are the bundler's glue). The gzip column
 * is each group's own text gzipped alone, which over-counts a little (no shared dictionary): use it
 * to rank, and the whole file's gzip (first line) for the budget.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

const outDir = resolve(process.env.CLIPDECK_SIZE_BUILD_DIR ?? 'bench/out/background-size');
const showFiles = process.argv.includes('--files');
const entry = process.argv.includes('--work') ? 'background-work' : 'background';

execFileSync('npx', ['wxt', 'build', '-c', 'bench/capture/background-size.config.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, CLIPDECK_SIZE_BUILD_DIR: outDir, CLIPDECK_SIZE_ENTRY: entry },
});
const dir = join(outDir, 'chrome-mv3');
const code = readFileSync(join(dir, `${entry}.js`), 'utf8');
const map = new SourceMapConsumer(JSON.parse(readFileSync(join(dir, `${entry}.js.map`), 'utf8')));

// Each generated line split at mapping boundaries; a segment belongs to the source of its mapping.
const lines = code.split('\n');
const textBySource = new Map<string, string[]>();
const add = (source: string, text: string) => {
  const list = textBySource.get(source) ?? [];
  list.push(text);
  textBySource.set(source, list);
};
const segments: { line: number; column: number; source: string }[] = [];
map.eachMapping((m) => {
  segments.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source ?? '(glue)' });
});
segments.sort((a, b) => a.line - b.line || a.column - b.column);
for (let line = 1; line <= lines.length; line++) {
  const text = `${lines[line - 1]}\n`;
  const onLine = segments.filter((s) => s.line === line);
  let at = 0;
  let source = '(glue)';
  for (const segment of onLine) {
    if (segment.column > at) add(source, text.slice(at, segment.column));
    at = segment.column;
    source = segment.source;
  }
  add(source, text.slice(at));
}

function group(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) {
    const name = pkg[1] ?? source;
    if (name === 'zod') return `zod/${/zod\/v4\/([^/]+)/.exec(source)?.[1] ?? '?'}`;
    return name;
  }
  const own = /(utils\/[^/]+|entrypoints|components|locales|\.wxt)/.exec(source);
  return own?.[1] ?? source;
}

const gz = (text: string) => gzipSync(text, { level: 9 }).length;
const rows = new Map<string, string[]>();
for (const [source, parts] of textBySource) {
  const key = showFiles ? source.replace(/^.*node_modules\//, '') : group(source);
  rows.set(key, [...(rows.get(key) ?? []), ...parts]);
}
const table = [...rows]
  .map(([name, parts]) => ({ name, raw: parts.join('').length, gzip: gz(parts.join('')) }))
  .sort((a, b) => b.raw - a.raw);
console.log(`${entry}.js: ${code.length} B raw, ${gz(code)} B gzip -9`);
console.log('| part | raw B | gzip B (alone) |');
console.log('| --- | ---: | ---: |');
for (const row of table) console.log(`| ${row.name} | ${row.raw} | ${row.gzip} |`);
