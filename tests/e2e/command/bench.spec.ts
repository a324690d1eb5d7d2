import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBench } from '../../../bench';
import { expect, test } from '../fixtures';

/**
 * The benchmark's smoke run (`npm run bench` on a three-page corpus in the corpus's layout), so
 * the harness cannot rot between full runs: the build, the injection of all three pipelines, the
 * scoring of each set and the report must all still work.
 */
const PARAGRAPHS = [
  'Lighthouse keepers once lived on remote rocks for months at a time, trimming wicks and winding the clockwork that turned the great lenses through the night.',
  'Their logbooks record storms, shipwrecks and the slow routine of polishing brass, and historians now read them to reconstruct the weather of past centuries.',
  'When automation arrived in the twentieth century the keepers left one by one, and many of the towers became museums that visitors can climb in summer.',
];
const ARTICLE = `
  <h2>The last keepers</h2>
  ${PARAGRAPHS.map((text) => `<p>${text}</p>`).join('\n')}
  <p>Read the <a href="/history/logbooks.html">logbook archive</a> for more.</p>
  <ul><li>Trimming wicks</li><li>Winding the clockwork</li></ul>`;
const page = (body: string, title = 'The last keepers') => `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${title}</title></head>
<body><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a></nav>
<main><article>${body}</article></main>
<footer>Copyright the publisher. All rights reserved.</footer></body></html>`;

async function writeCorpus(dir: string): Promise<void> {
  await mkdir(join(dir, 'readability', 'lighthouses'), { recursive: true });
  await writeFile(join(dir, 'readability', 'lighthouses', 'source.html'), page(ARTICLE));
  await writeFile(
    join(dir, 'readability', 'lighthouses', 'expected.html'),
    `<div id="readability-page-1" class="page">${ARTICLE.replace('/history/', 'http://fakehost/history/')}</div>`,
  );

  await mkdir(join(dir, 'extraction-benchmark'), { recursive: true });
  await writeFile(join(dir, 'extraction-benchmark', 'keepers.html'), page(ARTICLE));
  await writeFile(
    join(dir, 'extraction-benchmark', 'ground-truth.json'),
    JSON.stringify({
      keepers: {
        articleBody: `The last keepers\n\n${PARAGRAPHS.join('\n\n')}\n\nRead the logbook archive for more.\n\nTrimming wicks\n\nWinding the clockwork`,
        url: 'https://example.com/keepers',
      },
    }),
  );

  await mkdir(join(dir, 'defuddle', 'fixtures'), { recursive: true });
  await mkdir(join(dir, 'defuddle', 'expected'), { recursive: true });
  const code = 'def beam(angle):\n    return angle % 360';
  await writeFile(
    join(dir, 'defuddle', 'fixtures', 'codeblocks--keeper-script.html'),
    page(`${PARAGRAPHS.map((text) => `<p>${text}</p>`).join('\n')}
      <pre><code class="language-python">${code}</code></pre>`),
  );
  await writeFile(
    join(dir, 'defuddle', 'expected', 'codeblocks--keeper-script.md'),
    `\`\`\`json\n{"title": "The last keepers"}\n\`\`\`\n\n${PARAGRAPHS.join('\n\n')}\n\n\`\`\`python\n${code}\n\`\`\``,
  );
}

test('npm run bench scores all three pipelines on every set of a small corpus', async () => {
  test.setTimeout(60_000);
  const dir = await mkdtemp(join(tmpdir(), 'clipdeck-bench-'));
  try {
    const corpusDir = join(dir, 'corpus');
    await writeCorpus(corpusDir);
    const { results, summary, summaryText } = await runBench({
      corpusDir,
      outDir: join(dir, 'markdown'),
      resultsDir: join(dir, 'results'),
      runs: 1,
      log: () => {},
    });

    expect(results.pages.map((entry) => `${entry.set}/${entry.name}`)).toEqual([
      'readability/lighthouses',
      'extraction-benchmark/keepers',
      'defuddle/codeblocks--keeper-script',
    ]);
    for (const entry of results.pages) {
      expect(entry.error, `${entry.name} ran`).toBeUndefined();
      for (const [pipeline, output] of Object.entries(entry.pipelines ?? {})) {
        expect(output.error, `${pipeline} on ${entry.name}`).toBeUndefined();
        expect(output.chars, `${pipeline} on ${entry.name}`).toBeGreaterThan(200);
        expect(output.medianMs).toBeGreaterThan(0);
        expect(existsSync(join(dir, 'markdown', pipeline, entry.set, `${entry.name}.md`))).toBe(
          true,
        );
      }
    }
    expect(results.pages[0]?.clipdeckChangedPage).toBe(false);

    // The article text is the whole ground truth: every pipeline should find most of it.
    for (const figures of Object.values(summary.text?.figures ?? {})) {
      expect(figures.recall).toBeGreaterThan(0.8);
    }
    // The Readability page's link is relative on the page and absolute in expected.html.
    expect(summary.structure?.kinds.baseline.links).toEqual({ total: 1, passed: 1 });
    // Defuddle reproduces its own kind of fixture.
    expect(summary.rules?.families.codeBlocks.defuddle).toEqual({ total: 1, passed: 1 });

    expect(summaryText).toContain('| clipdeck |');
    const report = readFileSync(join(dir, 'results', 'results.md'), 'utf8');
    expect(report).toContain('## Text fidelity: extraction benchmark (1 pages)');
    const json = JSON.parse(readFileSync(join(dir, 'results', 'results.json'), 'utf8'));
    expect(json.pages).toHaveLength(3);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
