import { resolve } from 'node:path';

/**
 * tests/fixtures/saved-page/lighthouse-keepers.html: a saved page whose own scripts would send it
 * to an https address (its "force https" line) and redraw its article as an error message, and
 * whose links and images are relative to the address it declares as its canonical one.
 */
export const SAVED_PAGE = resolve('tests/fixtures/saved-page/lighthouse-keepers.html');

/**
 * What is wrong with the note `npm start -- <saved page>` printed, in words (none when it is
 * right), for the Chromium and Firefox tests alike: the note must hold the article as saved,
 * with the file as its source, and nothing the page's scripts would have put there.
 */
export function savedPageProblems(printed: { title?: string; markdown_text?: string }): string[] {
  const markdown = printed.markdown_text ?? '';
  const problems: string[] = [];
  if (printed.title !== 'The Last Lighthouse Keepers')
    problems.push(`the title is “${printed.title}”`);
  for (const words of [
    'kept it for forty years',
    '## A watch of four hours',
    '## After the keepers',
    'holidaymakers who come for the silence',
  ]) {
    if (!markdown.includes(words)) problems.push(`the note does not hold “${words}”`);
  }
  for (const [address, what] of [
    ['[was automated](https://harbour-notes.example/2023/11/godrevy-automation/)', 'its link'],
    [
      '![Godrevy lighthouse from the beach](https://harbour-notes.example/wp-content/uploads/2024/03/godrevy.jpg)',
      'its image',
    ],
    [
      '![The lantern room at Longships](https://harbour-notes.example/wp-content/uploads/2024/03/lantern-1600.jpg)',
      'its responsive image (the largest source of its srcset)',
    ],
    [
      "![The keepers' cottages at Pendeen](https://harbour-notes.example/wp-content/uploads/2024/03/keepers-cottage.jpg)",
      'its lazy image (its data-src)',
    ],
  ]) {
    if (!markdown.includes(address as string))
      problems.push(`${what} is not read against the page's own address: “${address}”`);
  }
  if (markdown.includes('127.0.0.1'))
    problems.push('the note points at the loopback server the file was served from');
  if (markdown.includes('Something went wrong'))
    problems.push('the note holds the text the page’s script draws');
  if (!markdown.includes('file:///') || !markdown.includes('lighthouse-keepers.html'))
    problems.push('the note does not name the saved file as its source');
  return problems;
}

/**
 * Pages of tests/fixtures/site that send their reader on to article.html: by a refresh, and by a
 * script's timer that fires after the page has settled and been read.
 */
export const MOVED_PAGES = ['moved.html', 'moved-by-script.html'];

/**
 * What is wrong with the notes `npm start -- <MOVED_PAGES' addresses>` printed, one line each:
 * each must be the article's, with its address as the source, and hold nothing of the page that
 * sent the reader on.
 */
export function movedPagesProblems(stdout: string, articleAddress: string): string[] {
  const lines = stdout.trim().split('\n').filter(Boolean);
  const problems: string[] =
    lines.length === MOVED_PAGES.length
      ? []
      : [`${lines.length} notes printed for ${MOVED_PAGES.length} pages`];
  for (const line of lines) {
    const printed = JSON.parse(line) as { title?: string; markdown_text?: string };
    const markdown = printed.markdown_text ?? '';
    if (printed.title !== 'Why Tide Pools Matter') problems.push(`a title is “${printed.title}”`);
    if (!markdown.includes(articleAddress))
      problems.push(`a note does not name ${articleAddress} as its source`);
    if (markdown.includes('This story has moved'))
      problems.push('a note holds the page that sent the reader on');
  }
  return problems;
}
