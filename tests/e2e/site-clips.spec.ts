import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures';

/**
 * Site modules in the real browser (issue 15): one fixture of EACH folder under utils/clip/sites
 * (the first whose module must read it, so folders added later are covered too) is served at its
 * own URL path on a local server, clipped through the popup and saved; the note stored in the
 * Notes server must hold the end of the module's note (its golden .md: the last comment or
 * answer of a thread), not only the first post.
 */
const SITES_DIR = resolve('utils/clip/sites');

interface SiteFixture {
  folder: string;
  html: string;
  /** Path and query of the fixture's own URL: where the local server serves it. */
  path: string;
  /** Lines of its golden note's content (the front matter left out). */
  golden: string[];
}

function siteFixtures(): SiteFixture[] {
  const found: SiteFixture[] = [];
  for (const folder of readdirSync(SITES_DIR).sort()) {
    const dir = join(SITES_DIR, folder, 'fixtures');
    if (!statSync(join(SITES_DIR, folder)).isDirectory() || !existsSync(dir)) continue;
    for (const name of readdirSync(dir)
      .filter((file) => file.endsWith('.html'))
      .sort()) {
      const html = readFileSync(join(dir, name), 'utf8');
      const options = JSON.parse(/^\s*<!--\s*clip:\s*(\{[\s\S]*?\})\s*-->/.exec(html)?.[1] ?? '{}');
      // A module read with its default depth, in article mode: what a plain popup clip does.
      if (options.site !== folder || options.comments || (options.mode ?? 'article') !== 'article')
        continue;
      const url = new URL(options.url);
      const golden = readFileSync(join(dir, name.replace(/\.html$/, '.md')), 'utf8')
        .replace(/^[\s\S]*?\n---\n/, '')
        .split('\n')
        .map((line) => line.trim())
        // Lines with links or images are left out: the page is served from another host, so
        // relative addresses resolve differently.
        .filter((line) => line && !line.startsWith('<!--') && !line.includes(']('));
      found.push({ folder, html, path: url.pathname + url.search, golden });
      break;
    }
  }
  return found;
}

/** Serves each fixture at its own path, as the site would. */
async function serve(fixtures: SiteFixture[]) {
  const pages = new Map(fixtures.map((fixture) => [fixture.path, fixture.html]));
  const server = createServer((request, response) => {
    const html = pages.get(request.url ?? '');
    response.writeHead(html ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(html ?? 'not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    urlFor: (path: string) => `http://127.0.0.1:${port}${path}`,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

const FIXTURES = siteFixtures();

test('one page of each site module is clipped through the popup with its whole discussion', async ({
  context,
  notesServer,
  configure,
  openPopupFor,
}) => {
  test.setTimeout(60_000 + FIXTURES.length * 40_000);
  expect(FIXTURES.map((fixture) => fixture.folder)).toEqual(
    expect.arrayContaining(['github', 'stack-exchange', 'wikipedia']),
  );
  await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
  const server = await serve(FIXTURES);
  try {
    for (const fixture of FIXTURES) {
      const page = await context.newPage();
      await page.goto(server.urlFor(fixture.path));
      const popup = await openPopupFor(page);
      await popup.waitForPreview();
      const before = notesServer.notes().length;
      await popup.saveButton.click();
      await expect(popup.savedMessage).toBeVisible();
      const stored = notesServer.notes().slice(before);
      expect(stored, fixture.folder).toHaveLength(1);
      const markdown = stored[0]?.markdown_text ?? '';
      const first = fixture.golden[0] as string;
      const last = fixture.golden.at(-1) as string;
      expect(markdown, `${fixture.folder}: the note starts as the module's`).toContain(first);
      expect(markdown, `${fixture.folder}: the note ends as the module's`).toContain(last);
      await popup.page.close();
      await page.close();
    }
  } finally {
    await server.stop();
  }
});

test('the popup’s comments control changes how much of an issue this one clip keeps', async ({
  context,
  notesServer,
  configure,
  openPopupFor,
}) => {
  // The page is read twice (both depths); a shared machine can be slow.
  test.setTimeout(180_000);
  const discussion = readFileSync(join(SITES_DIR, 'github/fixtures/discussion.html'), 'utf8');
  const path = '/acme/widgets/discussions/903';
  const server = await serve([{ folder: 'github', html: discussion, path, golden: [] }]);
  try {
    await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
    const page = await context.newPage();
    await page.goto(server.urlFor(path));
    const popup = await openPopupFor(page);
    await popup.waitForPreview();
    const control = popup.page.getByLabel('Comments', { exact: true });
    await expect(control).toHaveValue('all');
    await expect(popup.markdownInput).toHaveValue(/A symlink works too/);

    await control.selectOption('none');
    await expect(popup.markdownInput).not.toHaveValue(/A symlink works too/);
    await expect(popup.markdownInput).toHaveValue(/point them at one file/);
    await popup.saveButton.click();
    await expect(popup.savedMessage).toBeVisible();
    const [note] = notesServer.notes();
    expect(note?.markdown_text).toContain('point them at one file');
    expect(note?.markdown_text).not.toContain('## Comments');
  } finally {
    await server.stop();
  }
});
