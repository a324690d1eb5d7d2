/**
 * What is wrong with the note clipped from tests/fixtures/site/word-web-page.html, in words (none
 * when it is right), for the Chromium and Firefox tests alike. The page is a document saved from
 * Microsoft Word as a web page: its lists are paragraphs, each led by its bullet or number as
 * text in a symbol font and no-break spaces, its level in the paragraph's `mso-list` style. The
 * note must show them as lists, nested as the page draws them, with no bullet characters left.
 */
export function wordPageProblems(markdown: string): string[] {
  const expected: [string, string][] = [
    [
      '- The lantern glass\n  - washed with **fresh water**, never sea water\n    - dried with the chamois from the brass box\n  - checked for cracks along the glazing bars\n- The fog signal’s compressor, run for *ten minutes*',
      'the bulleted list, three levels deep',
    ],
    [
      '1. Close the storm shutters on the seaward side.\n   1. Bolt the lower shutter first.\n   2. Then the upper one.\n2. Switch the lamp to the standby battery.\n3. Log the time in the [storm log](https://harbour.example.org/log).',
      'the numbered list, its sub-list under its item and its count going on after it',
    ],
    ['The keepers sign the weekly sheet', 'the last paragraph'],
  ];
  const problems = expected
    .filter(([words]) => !markdown.includes(words))
    .map(([words, what]) => `${what} does not read “${words}”`);
  for (const marker of ['·', '§', '1\\.', '\u00a0']) {
    if (markdown.includes(marker)) problems.push(`the note holds Word’s marker text “${marker}”`);
  }
  return problems;
}
