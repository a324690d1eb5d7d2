/**
 * What is wrong with the note clipped from tests/fixtures/site/google-docs-published.html, in
 * words (none when it is right), for the Chromium and Firefox tests alike. The page is a document
 * published from Google Docs: its bold and italics come only from its own style sheet's classes,
 * its links all go through Google's redirector, and Google's publishing chrome sits around it.
 * Its nested lists are flat lists, one per level, indented by their items' classes. The note must
 * show the emphasis the reader sees, the lists nested as they are drawn, link where the links
 * lead, and leave the chrome and the document's title paragraph (the note's title already) out.
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
    [
      '- A charged phone\n  - in a waterproof bag\n  - with the coastguard’s number saved\n- A map',
      'the bulleted list, its sub-list under its item',
    ],
    [
      '1. Read the safe crossing times\n   1. on the harbour office’s board\n2. Tell someone when you expect to be back\n3. Keep to the marked posts',
      'the numbered list, its sub-list under its item and its count going on after it',
    ],
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
