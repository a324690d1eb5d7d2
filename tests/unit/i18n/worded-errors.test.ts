import { afterEach, describe, expect, it } from 'vitest';
import type { ClipErrorCode } from '../../../utils/clip';
import { clipErrorToUserError, importErrorText } from '../../../utils/i18n';
import { type ImportError, type ImportFormat, parseImportFile } from '../../../utils/import';
import { holdMessage, judgeFailure } from '../../../utils/outbox';
import { useLocale } from './fake-i18n';

/** Files each export parser refuses, one per way a file goes wrong. */
const BAD_FILES: Array<{ name: string; text: string | Uint8Array; format?: ImportFormat }> = [
  { name: 'archive.zip', text: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]) },
  { name: 'image.csv', text: `url\n${'\u0000'.repeat(40)}` },
  { name: 'empty.txt', text: '   \n' },
  { name: 'words.txt', text: 'just some words\nwith no address\n' },
  { name: 'pocket.csv', text: 'title,url\nA,\nB,\n', format: 'pocket' },
  { name: 'other.csv', text: 'name,colour\nA,red\n', format: 'pocket' },
  { name: 'cut.csv', text: 'title,url,time_added,tags,status\n"A,https://a.example/' },
  {
    name: 'uneven.csv',
    text: 'title,url,time_added,tags,status\nA,https://a.example/,1,,unread\nB,https://b.example/\n',
  },
  {
    name: 'omnivore.json',
    text: '[{"url": "https://a.example/", "title": "A"',
    format: 'omnivore',
  },
  { name: 'items.json', text: '{"items": 1}', format: 'omnivore' },
  { name: 'bookmarks.html', text: '<DL><p><DT><A HREF="https://a.example/">A', format: 'netscape' },
  { name: 'page.html', text: '<p>hello</p>', format: 'netscape' },
];

function refusal(file: (typeof BAD_FILES)[number]): ImportError {
  const result = parseImportFile(file.text, {
    fileName: file.name,
    ...(file.format && { format: file.format }),
  });
  if (result.ok) throw new Error(`${file.name} was read`);
  return result.error;
}

afterEach(() => useLocale('en'));

describe('an import file refused in the options page', () => {
  it('reads in English as the command line says it, for every way a file goes wrong', () => {
    const codes = new Set<string>();
    for (const file of BAD_FILES) {
      const error = refusal(file);
      codes.add(error.code);
      const worded = importErrorText(error);
      // The command line's sentence ends without a full stop where it names the reason.
      expect(worded.replace(/\.$/, '')).toBe(error.message.replace(/\.$/, ''));
    }
    expect(codes.size).toBeGreaterThanOrEqual(10);
  });

  for (const lang of ['de', 'fr', 'es', 'ja']) {
    it(`is a sentence in ${lang} naming the file, with every placeholder filled`, () => {
      const english = BAD_FILES.map((file) => importErrorText(refusal(file)));
      useLocale(lang);
      BAD_FILES.forEach((file, index) => {
        const worded = importErrorText(refusal(file));
        expect(worded).toContain(file.name);
        expect(worded).not.toBe(english[index]);
        expect(worded).not.toMatch(/[{}]|\$\d/);
      });
    });
  }
});

describe('a page the server answered with an error status', () => {
  const codes: ClipErrorCode[] = [
    'page-not-found',
    'page-not-public',
    'site-error',
    'site-refused',
  ];
  for (const lang of ['en', 'de', 'fr', 'es', 'ja']) {
    it(`says the status and that nothing was saved, in ${lang}`, () => {
      useLocale(lang);
      const sentences = codes.map(
        (code) =>
          clipErrorToUserError({ kind: 'error-page', code, params: { status: '404' } }).message,
      );
      for (const sentence of sentences) expect(sentence).toContain('404');
      expect(new Set(sentences).size).toBe(codes.length);
    });
  }
});

describe('a clip that needs attention in the outbox', () => {
  const verdicts = () => [
    judgeFailure({ kind: 'not-found', message: '', status: 404 }, 'reading'),
    judgeFailure({ kind: 'invalid-request', message: '', status: 413 }, undefined),
    judgeFailure(
      { kind: 'invalid-request', message: '', status: 422, serverMessage: 'no' },
      undefined,
    ),
  ];
  const said = (verdict: ReturnType<typeof judgeFailure>) =>
    'message' in verdict ? verdict.message : '';

  it('is worded in the user’s language: an unknown deck, a note too large, a refusal, a hold', () => {
    const english = verdicts().map(said);
    expect(english[0]).toMatch(/notebook “reading” does not exist/);
    const now = Date.UTC(2026, 0, 1, 12, 0);
    for (const lang of ['de', 'fr', 'es', 'ja']) {
      useLocale(lang);
      const worded = verdicts().map(said);
      worded.forEach((sentence, index) => {
        expect(sentence).not.toBe(english[index]);
        expect(sentence).not.toMatch(/[{}]|\$\d/);
      });
      expect(worded[0]).toContain('reading');
      expect(holdMessage(now + 30 * 60_000, now)).toContain('30');
    }
  });
});
