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
 * What is wrong with the note `npm start -- <tests/fixtures/site/moved.html's address>` printed:
 * the page sends its reader on to article.html by a refresh, so the note must be that article's,
 * with its address as the source, and hold nothing of the page that sent it on.
 */
export function movedPageProblems(
  printed: { title?: string; markdown_text?: string },
  articleAddress: string,
): string[] {
  const markdown = printed.markdown_text ?? '';
  const problems: string[] = [];
  if (printed.title !== 'Why Tide Pools Matter') problems.push(`the title is “${printed.title}”`);
  if (!markdown.includes(articleAddress))
    problems.push(`the note does not name ${articleAddress} as its source`);
  if (markdown.includes('This story has moved'))
    problems.push('the note holds the page that sent the reader on');
  return problems;
}
