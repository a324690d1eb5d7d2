/**
 * What is wrong with the note clipped from tests/fixtures/site/google-docs-published.html, in
 * words (none when it is right), for the Chromium and Firefox tests alike. The page is a document
 * published from Google Docs: its bold and italics come only from its own style sheet's classes,
 * its links all go through Google's redirector, and Google's publishing chrome sits around it.
 * The note must show the emphasis the reader sees, link where the links lead, and leave the
 * chrome and the document's title paragraph (the note's title already) out.
 */
export function publishedDocProblems(markdown: string): string[] {
  const expected: [string, string][] = [
    ['**Never start later than three hours after low water**, whatever', 'the bold sentence'],
    ['The sand near the old beacon is *soft after a spring tide*, so', 'the italic words'],
    ['***Do not try to race the tide.*** Call the coastguard', 'the bold italic sentence'],
    [
      '[crossing times table](https://tides.example.org/crossing?port=portree&year=2026)',
      'the first link, to its destination',
    ],
    ['[safety advice](https://coastguard.example.org/advice)', 'the second link'],
    ['# Before you set out', 'the heading'],
  ];
  const problems = expected
    .filter(([words]) => !markdown.includes(words))
    .map(([words, what]) => `${what} does not read “${words}”`);
  for (const chrome of [
    'google.com/url',
    'Published using Google Docs',
    'Report abuse',
    'Updated automatically',
  ]) {
    if (markdown.includes(chrome)) problems.push(`the note holds “${chrome}”`);
  }
  if (/^Harbour crossing notes$/m.test(markdown))
    problems.push('the note repeats its title, the document’s title paragraph, as a line');
  if (/^\s*(?:\*\*|\*)\s*$/m.test(markdown)) problems.push('a “*” stands on a line of its own');
  return problems;
}
