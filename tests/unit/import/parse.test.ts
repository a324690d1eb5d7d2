import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type ImportError,
  type ImportFormat,
  type ImportResult,
  parseImportFile,
} from '../../../utils/import';
import { parseTags } from '../../../utils/settings';

const FIXTURES = new URL('../../fixtures/import/', import.meta.url);

function bytesOf(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(name, FIXTURES)));
}

function parseFixture(name: string, format?: ImportFormat) {
  const result = parseImportFile(bytesOf(name), { fileName: name, ...(format && { format }) });
  if (!result.ok) throw new Error(`expected ${name} to parse: ${result.error.message}`);
  return result;
}

function failureOf(result: ImportResult): ImportError {
  if (result.ok) throw new Error(`expected a failure, got ${result.links.length} links`);
  return result.error;
}

/** What a user reads: one line, the file's name, the line when there is one, no stack. */
function expectOneSentence(error: ImportError, fileName: string, line?: number) {
  expect(error.message).not.toMatch(/[\r\n]/);
  expect(error.message.startsWith(line ? `${fileName}, line ${line}: ` : `${fileName}: `)).toBe(
    true,
  );
  expect(error.message).toMatch(/\.$/);
  expect(error.line).toBe(line);
}

const encoder = new TextEncoder();

describe('the formats, read from real-shaped exports', () => {
  it('reads a Pocket CSV: quoted commas and quotes, a title over two lines, pipe tags, Unix times', () => {
    const { format, links, skipped } = parseFixture('pocket.csv');
    expect(format).toBe('pocket');
    expect(links.map((link) => link.url)).toEqual([
      'https://freesound.org/',
      'https://example.com/boring-tech?utm_source=pocket_saves&id=7',
      'https://de.example.org/k%C3%B6ln',
      'https://example.net/untitled',
      'https://example.com/two-lines',
    ]);
    expect(links[1]).toMatchObject({
      title: 'Why "boring" tech wins, again',
      tags: ['engineering', 'to read'],
      savedAt: '2023-11-14T22:13:20.000Z',
      folders: [],
      line: 3,
    });
    expect(links[2]?.title).toBe('Über Änderungen: Grüße aus Köln');
    expect(links[3]?.title).toBeUndefined();
    expect(links[3]?.tags).toEqual([]);
    expect(links[4]).toMatchObject({ title: 'A title over two lines', line: 7 });
    // The reader-view row names no web page: kept out, and said where.
    expect(skipped).toEqual([{ line: 6, reason: expect.stringMatching(/not a web page/) }]);
  });

  it('reads the Pocket export that has a cursor column, with commas inside a quoted address', () => {
    const { format, links } = parseFixture('pocket-cursor.csv');
    expect(format).toBe('pocket');
    expect(links[0]).toMatchObject({
      url: 'https://example.com/path,with,commas',
      title: 'Title, with comma',
      tags: ['标签1', '标签2'],
    });
  });

  it('reads an Instapaper CSV: multi-line Selection, states that are not folders, JSON tags', () => {
    const { format, links } = parseFixture('instapaper.csv');
    expect(format).toBe('instapaper');
    expect(links[0]).toMatchObject({
      url: 'https://www.example.com/essay',
      excerpt: 'The first paragraph, with a comma.\n\nAnd a second one.',
      folders: [],
      tags: ['reading', 'essays'],
      savedAt: '2023-11-14T22:13:19.000Z',
    });
    expect(links[1]).toMatchObject({ title: 'A post "quoted"', folders: [], tags: [], line: 5 });
    expect(links[2]).toMatchObject({ folders: ['Long reads'], tags: [] });
  });

  it('reads an older Instapaper CSV without Tags, written with CRLF', () => {
    const { links } = parseFixture('instapaper-old-crlf.csv');
    expect(links.map((link) => [link.title, link.folders, link.line])).toEqual([
      ['First', [], 2],
      ['Second line', ['Starred'], 3],
    ]);
  });

  it('reads a Raindrop CSV with a byte order mark and CRLF: nested folder, tags, highlights', () => {
    const { format, links } = parseFixture('raindrop.csv');
    expect(format).toBe('raindrop');
    expect(links[0]).toMatchObject({
      title: 'How to take smart notes',
      folders: ['Reading', 'Methods'],
      tags: ['pkm', 'writing'],
      excerpt: 'My own note\n\nNotes as a thinking tool, not an archive.',
      savedAt: '2023-01-10T17:17:19.203Z',
      highlights: ['Writing is thinking.\nNote:Key idea', 'One idea per note.'],
    });
    // "Unsorted" is Raindrop's inbox, not a folder the user made.
    expect(links[1]).toMatchObject({ folders: [], tags: [], highlights: [], line: 6 });
  });

  it("reads an Omnivore metadata file: labels, highlights with the user's notes, lines of items", () => {
    const { format, links, skipped } = parseFixture('metadata_0_to_3.json');
    expect(format).toBe('omnivore');
    expect(links[0]).toMatchObject({
      url: 'https://example.com/slow-reading',
      tags: ['Reading', 'newsletter'],
      excerpt: 'Why reading less, more carefully, helps.',
      savedAt: '2024-10-30T12:39:28.023Z',
      highlights: [
        'Slow down.\nRead again.\n\nNote: Try this weekly',
        'Attention is the scarce thing.',
      ],
      line: 2,
    });
    expect(links[1]).toMatchObject({ tags: [], highlights: [], line: 21 });
    expect(links[1]?.excerpt).toBeUndefined();
    expect(skipped).toEqual([{ line: 33, reason: expect.stringMatching(/not a web page/) }]);
  });

  it("reads Chrome's bookmarks: folder paths without the browser's roots, entities decoded", () => {
    const { format, links, skipped } = parseFixture('bookmarks-chrome.html');
    expect(format).toBe('netscape');
    expect(links.map((link) => [link.title, link.folders])).toEqual([
      ['MDN Web Docs', []],
      ["Tom & Jerry's <guide>", ['Work', 'Reading & notes']],
      ['Loose in Other bookmarks', []],
    ]);
    expect(links[1]).toMatchObject({ url: 'https://example.com/a?x=1&y=2', line: 16 });
    expect(links[0]?.savedAt).toBe('2020-09-13T12:28:20.000Z');
    expect(skipped).toEqual([{ line: 18, reason: expect.stringMatching(/not a web page/) }]);
  });

  it("reads Firefox's bookmarks: TAGS, descriptions, folders inside Other Bookmarks", () => {
    const { links } = parseFixture('bookmarks-firefox.html');
    expect(links.map((link) => [link.title, link.folders, link.tags])).toEqual([
      ['Firefox', [], ['browser', 'mozilla']],
      ['Winter soup', ['Recipes'], ['soup', 'Winter']],
      ['On the toolbar', [], []],
      ['Trains', ['Travel'], []],
    ]);
    expect(links[0]?.excerpt).toBe("The browser's own page.");
    // A folder's description is not its first link's.
    expect(links[1]?.excerpt).toBeUndefined();
  });

  it("reads Pinboard's export: a description over two lines, empty TAGS", () => {
    const { links } = parseFixture('pinboard.html');
    expect(links[0]).toMatchObject({
      tags: ['design', 'typography'],
      excerpt: 'A description that\nruns over two lines, with "quotes" & <b>markup</b>.',
    });
    expect(links[1]?.tags).toEqual([]);
  });

  it("reads Pocket's older HTML export as a bookmarks file", () => {
    const { format, links } = parseFixture('pocket-legacy.html');
    expect(format).toBe('netscape');
    expect(links[0]).toMatchObject({
      url: 'https://www.google.com/',
      tags: ['search', 'something else', 'lorem ipsum'],
      savedAt: '2023-10-29T08:34:48.000Z',
    });
  });

  it('reads a plain list of addresses, passing over comments and blank lines', () => {
    const { format, links, skipped } = parseFixture('urls.txt');
    expect(format).toBe('urls');
    expect(links.map((link) => [link.url, link.line])).toEqual([
      ['https://example.com/one', 2],
      ['https://example.com/two?utm_campaign=x', 4],
    ]);
    expect(skipped.map((entry) => entry.line)).toEqual([5, 6]);
  });
});

describe('encodings and line ends', () => {
  it('reads the same links from a file written with CRLF as with LF', () => {
    const lf = readFileSync(new URL('pocket.csv', FIXTURES), 'utf8');
    const crlf = parseImportFile(lf.replace(/\n/g, '\r\n'), { fileName: 'pocket.csv' });
    const links = parseFixture('pocket.csv').links;
    expect(crlf.ok && crlf.links).toEqual(links);
  });

  it('reads a Windows-1252 CSV (as Excel saves it) without replacement characters', () => {
    const text =
      'title,url,time_added,tags,status\r\nCaf\xe9 \x93menus\x94 \x96 5 \x80,https://example.com/cafe,1700000000,caf\xe9,unread\r\n';
    const bytes = Uint8Array.from(text, (character) => character.charCodeAt(0));
    const { links } = parseImportFile(bytes, { fileName: 'excel.csv' }) as Extract<
      ImportResult,
      { ok: true }
    >;
    expect(links[0]).toMatchObject({ title: 'Café “menus” – 5 €', tags: ['café'] });
  });

  it('reads a UTF-16 file with a byte order mark', () => {
    const text = 'https://example.com/utf16\n';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let index = 0; index < text.length; index++) bytes[2 + index * 2] = text.charCodeAt(index);
    const result = parseImportFile(bytes, { fileName: 'list.txt' });
    expect(result.ok && result.links.map((link) => link.url)).toEqual([
      'https://example.com/utf16',
    ]);
  });

  it('drops a byte order mark from text passed as a string', () => {
    const result = parseImportFile('\uFEFFhttps://example.com/x\n', { fileName: 'list.txt' });
    expect(result.ok && result.format).toBe('urls');
  });
});

describe('tags', () => {
  it('are normalised exactly as the tags a user types in the options page', () => {
    const raw = ' Engineering |engineering| to read ||Reading|reading ';
    const csv = `title,url,time_added,tags,status\nT,https://example.com/,1700000000,${raw},unread\n`;
    const result = parseImportFile(csv, { fileName: 'pocket.csv' });
    expect(result.ok && result.links[0]?.tags).toEqual(parseTags(raw.replaceAll('|', ',')));
    expect(result.ok && result.links[0]?.tags).toEqual(['Engineering', 'to read', 'Reading']);
  });
});

describe('choosing the format', () => {
  it('reads a file as the format forced, even one detection would not pick', () => {
    const list = 'https://example.com/a\nhttps://example.com/b\n';
    expect(parseImportFile(list, { fileName: 'a.txt', format: 'urls' }).ok).toBe(true);
    const html = '<DL><p><DT><A HREF="https://example.com/">x</A></DL>';
    const forced = parseImportFile(html, { fileName: 'b.htm', format: 'netscape' });
    expect(forced.ok && forced.links.length).toBe(1);
  });

  it('says a forced format does not match, naming the columns the file should have', () => {
    const error = failureOf(
      parseImportFile(bytesOf('pocket.csv'), { fileName: 'pocket.csv', format: 'instapaper' }),
    );
    expect(error.kind).toBe('unknown-format');
    expectOneSentence(error, 'pocket.csv', 1);
    expect(error.message).toContain('is not an Instapaper export (CSV)');
    expect(error.message).toContain('URL, Title, Selection, Folder');
  });

  it('says a file of no known format is not one Clipdeck imports, and which are', () => {
    const error = failureOf(
      parseImportFile('Dear diary,\nnothing here is a link.\n', { fileName: 'diary.txt' }),
    );
    expect(error.kind).toBe('unknown-format');
    expectOneSentence(error, 'diary.txt', 1);
    expect(error.message).toMatch(/Pocket, Instapaper or Raindrop\.io CSV export/);
  });

  it('says a CSV with some other header is not an export it reads', () => {
    const error = failureOf(
      parseImportFile('name,email\nA,a@example.com\n', { fileName: 'x.csv' }),
    );
    expect(error.kind).toBe('unknown-format');
    expectOneSentence(error, 'x.csv', 1);
  });

  it('says a JSON file that is not an Omnivore export is not one', () => {
    const error = failureOf(parseImportFile('{"bookmarks": []}', { fileName: 'other.json' }));
    expect(error.kind).toBe('unknown-format');
    expectOneSentence(error, 'other.json', 1);
  });
});

describe('bad files: one sentence naming the file and line', () => {
  const pocket = readFileSync(new URL('pocket.csv', FIXTURES), 'utf8');

  it('a CSV cut inside a quoted field is said to be cut short at the line the field starts', () => {
    const cut = pocket.slice(0, pocket.indexOf('over two lines'));
    const error = failureOf(parseImportFile(cut, { fileName: 'pocket.csv' }));
    expect(error.kind).toBe('truncated');
    expectOneSentence(error, 'pocket.csv', 7);
    expect(error.message).toContain('cut short');
  });

  it('a CSV cut in the middle of its last row is said to be cut short there', () => {
    const cut = pocket.slice(0, pocket.indexOf(',1720000000'));
    const error = failureOf(parseImportFile(cut, { fileName: 'pocket.csv' }));
    expect(error.kind).toBe('truncated');
    expectOneSentence(error, 'pocket.csv', 5);
  });

  it('a row with more columns than the header is named, and the file is not half read', () => {
    const broken = pocket.replace('Freesound - Freesound', 'Freesound, the site');
    const error = failureOf(parseImportFile(broken, { fileName: 'pocket.csv' }));
    expect(error.kind).toBe('malformed');
    expectOneSentence(error, 'pocket.csv', 2);
    expect(error.message).toContain('6 columns where the first line names 5');
  });

  it('an Omnivore file cut short names its last line', () => {
    const json = readFileSync(new URL('metadata_0_to_3.json', FIXTURES), 'utf8');
    const cut = json.slice(0, json.indexOf('"A newsletter"'));
    const error = failureOf(parseImportFile(cut, { fileName: 'metadata_0_to_3.json' }));
    expect(error.kind).toBe('truncated');
    expectOneSentence(error, 'metadata_0_to_3.json', cut.trimEnd().split('\n').length);
  });

  it('an Omnivore file with a syntax error names the line of the error', () => {
    const json = readFileSync(new URL('metadata_0_to_3.json', FIXTURES), 'utf8');
    const broken = json.replace('"state": "Active",', '"state": "Active"');
    const error = failureOf(parseImportFile(broken, { fileName: 'metadata.json' }));
    expect(error.kind).toBe('malformed');
    // V8 and Chromium name where they noticed: the next property, after the missing comma.
    expectOneSentence(error, 'metadata.json', 28);
  });

  it('a bookmarks file cut inside a tag, or before its folders close, is cut short', () => {
    const html = readFileSync(new URL('bookmarks-chrome.html', FIXTURES), 'utf8');
    const insideTag = html.slice(0, html.indexOf('ADD_DATE="1600000400"'));
    const error = failureOf(parseImportFile(insideTag, { fileName: 'bookmarks.html' }));
    expect(error.kind).toBe('truncated');
    expectOneSentence(error, 'bookmarks.html', 16);

    const beforeClose = html.slice(0, html.indexOf('<DT><A HREF="javascript'));
    const unclosed = failureOf(parseImportFile(beforeClose, { fileName: 'bookmarks.html' }));
    expect(unclosed.kind).toBe('truncated');
    expectOneSentence(unclosed, 'bookmarks.html', 17);
  });

  it('a 50 MB file is refused before it is read, saying to split it', () => {
    const big = new Uint8Array(50 * 1024 * 1024).fill(0x61);
    const error = failureOf(parseImportFile(big, { fileName: 'huge.csv' }));
    expect(error.kind).toBe('too-large');
    expectOneSentence(error, 'huge.csv');
    expect(error.message).toContain('is 50 MB');
    expect(error.message).toContain('split it');
  });

  it('a binary file (an image picked by mistake) is refused at the line of its first NUL', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const error = failureOf(parseImportFile(png, { fileName: 'photo.csv' }));
    expect(error.kind).toBe('binary');
    expectOneSentence(error, 'photo.csv', 3);
    expect(error.message).toContain('binary data');
  });

  it('the export zip itself is refused with a sentence saying to unzip it', () => {
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]);
    const error = failureOf(parseImportFile(zip, { fileName: 'pocket.zip' }));
    expect(error.kind).toBe('binary');
    expectOneSentence(error, 'pocket.zip');
    expect(error.message).toContain('unzip it');
  });

  it('an empty file, and a file whose every entry names no web page, say so', () => {
    const empty = failureOf(parseImportFile(encoder.encode('\n\n'), { fileName: 'empty.csv' }));
    expect(empty.kind).toBe('empty');
    expectOneSentence(empty, 'empty.csv');

    const noLinks = 'title,url,time_added,tags,status\nA,javascript:alert(1),1,,unread\n';
    const none = failureOf(parseImportFile(noLinks, { fileName: 'pocket.csv' }));
    expect(none.kind).toBe('empty');
    expect(none.message).toContain('the first on line 2');
  });
});

describe('size', () => {
  it('reads a 10,000-link Pocket export', () => {
    const rows = Array.from(
      { length: 10_000 },
      (_, index) => `"Title ${index}, saved",https://example.com/${index},1700000000,a|b,unread`,
    );
    const text = `title,url,time_added,tags,status\n${rows.join('\n')}\n`;
    const result = parseImportFile(encoder.encode(text), { fileName: 'pocket.csv' });
    expect(result.ok && result.links.length).toBe(10_000);
    expect(result.ok && result.links[9_999]).toMatchObject({
      url: 'https://example.com/9999',
      line: 10_001,
    });
  });

  it('reads a 10,000-link bookmarks file in the time a user waits (lines were counted from the top for each link: a minute)', () => {
    const rows = Array.from(
      { length: 10_000 },
      (_, index) =>
        `<DT><A HREF="https://example.com/${index}" ADD_DATE="1600000000" TAGS="a,b">Page ${index}</A>\r\n<DD>About ${index}`,
    );
    const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\r\n<DL><p>\r\n${rows.join('\r\n')}\r\n</DL><p>\r\n`;
    const result = parseImportFile(encoder.encode(html), { fileName: 'bookmarks.html' });
    expect(result.ok && result.links.length).toBe(10_000);
    expect(result.ok && result.links[9_999]).toMatchObject({ line: 20_001, excerpt: 'About 9999' });
  });
});
