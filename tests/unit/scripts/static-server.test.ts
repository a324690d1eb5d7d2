import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaticServer, startStaticServer } from '../../../scripts/lib/static-server';
import { rawRequest } from '../notes-server/raw-request';

// A served folder with a secret next to it, and links that point in and out of it.
let directory: string;
let server: StaticServer;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'static-server-'));
  const site = join(directory, 'site');
  mkdirSync(join(site, 'sub'), { recursive: true });
  mkdirSync(join(directory, 'outside'));
  writeFileSync(join(site, 'index.html'), '<h1>home</h1>');
  writeFileSync(join(site, 'sub', 'page.html'), '<p>page</p>');
  writeFileSync(join(directory, 'secret.txt'), 'secret');
  writeFileSync(join(directory, 'outside', 'secret.txt'), 'secret');
  symlinkSync(join(site, 'sub', 'page.html'), join(site, 'alias.html'));
  symlinkSync(join(directory, 'secret.txt'), join(site, 'escape.txt'));
  symlinkSync(join(directory, 'outside'), join(site, 'escape-dir'));
  server = await startStaticServer(site);
});
afterAll(async () => {
  await server.stop();
  rmSync(directory, { recursive: true, force: true });
});

function get(path: string) {
  return rawRequest(server.origin, { path });
}

describe('the static server', () => {
  it.each([
    ['/sub/page.html', '<p>page</p>'],
    ['/alias.html', '<p>page</p>'],
    ['/index.html?query=1', '<h1>home</h1>'],
  ])('serves %s from its folder', async (path, text) => {
    const answer = await get(path);

    expect(answer).toMatchObject({ status: 200, text });
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('lets pages run their scripts unless asked not to', async () => {
    expect((await get('/index.html')).headers['content-security-policy']).toBeUndefined();

    const quiet = await startStaticServer(join(directory, 'site'), { pageScripts: false });
    try {
      const answer = await rawRequest(quiet.origin, { path: '/sub/page.html' });
      expect(answer).toMatchObject({ status: 200, text: '<p>page</p>' });
      expect(answer.headers['content-security-policy']).toBe("script-src 'none'");
    } finally {
      await quiet.stop();
    }
  });

  it('serves a saved page without the policies it declares, when asked, and every other byte as it was', async () => {
    const head = [
      '<meta http-equiv="Content-Security-Policy" content="base-uri \'self\'; img-src \'self\'">',
      "<META HTTP-EQUIV='content-security-policy' CONTENT=\"default-src 'self'\"/>",
      '<meta content="base-uri \'self\'" http-equiv=Content-Security-Policy>',
      '<meta http-equiv="Content-Security-Policy-Report-Only" content="base-uri \'self\'">',
      '<meta charset="windows-1252"><title>Caf\u00e9</title>',
    ].join('\n');
    // é as windows-1252 writes it: one byte that is not UTF-8.
    const page = Buffer.from(
      `<html><head>\n${head}\n</head><body>Caf\u00e9</body></html>`,
      'latin1',
    );
    writeFileSync(join(directory, 'site', 'saved.html'), page);
    writeFileSync(join(directory, 'site', 'policy.txt'), head);

    const saved = await startStaticServer(join(directory, 'site'), { pagePolicies: false });
    try {
      const answer = await fetch(`${saved.origin}/saved.html`);
      const body = Buffer.from(await answer.arrayBuffer());
      // The three policies go; the report-only one, which enforces nothing, and the rest stay.
      const expected = Buffer.from(
        `<html><head>\n\n\n\n${head.split('\n').slice(3).join('\n')}\n</head><body>Caf\u00e9</body></html>`,
        'latin1',
      );
      expect(answer.status).toBe(200);
      expect(body.toString('latin1')).toBe(expected.toString('latin1'));
      expect(Number(answer.headers.get('content-length'))).toBe(expected.length);
      // Only HTML pages are changed.
      expect(await (await fetch(`${saved.origin}/policy.txt`)).text()).toBe(head);
    } finally {
      await saved.stop();
    }
    // Unless asked, the page is served as it is.
    const asIs = await fetch(`${server.origin}/saved.html`);
    expect(Buffer.from(await asIs.arrayBuffer()).equals(page)).toBe(true);
  });

  it.each([
    '/%E0%A4%A',
    '/%00',
    '/index.html%00.txt',
    '/..%2f..%2fetc/passwd',
    '/..%2fsecret.txt',
    '/sub%5c..%5c..%5csecret.txt',
    'http://[',
  ])('answers the malformed path %s with 400, and keeps serving', async (path) => {
    expect((await get(path)).status).toBe(400);
    expect((await get('/index.html')).status).toBe(200);
  });

  it.each([
    ['a link out of the folder', '/escape.txt'],
    ['a file under a link out of the folder', '/escape-dir/secret.txt'],
    ['dot segments, which stop at the folder', '/../secret.txt'],
    ['encoded dot segments', '/%2e%2e/secret.txt'],
    ['a folder (no listing)', '/sub/'],
    ['the root folder', '/'],
    ['a missing file', '/missing.html'],
  ])('answers 404 to %s', async (_, path) => {
    const answer = await get(path);

    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('secret');
  });
});
