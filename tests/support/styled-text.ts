/**
 * What is wrong with the note clipped from tests/fixtures/site/styled-text.html, in words (none
 * when it is right), for the Chromium and Firefox tests alike. Its markup runs words together
 * and only its stylesheet sets them apart, as minified server-rendered pages do: a margin, a flex
 * row, spans laid out as blocks, a separator drawn by `::before`. Its pasted paragraph is bold
 * and plain only by inline styles, as Google Docs writes them. The note must read as the page
 * does: code keeps the letter that touches it, and no `**` stands on a line of its own. Its
 * picture's labels for screen readers ("Image", "Credit") and the heading for them alone
 * ("Article body"), clipped to a pixel by a hashed class, stay out: the picture and its credit
 * stay in.
 */
export function styledTextProblems(markdown: string): string[] {
  const expected: [string, string][] = [
    ['Station Portree Spring range 4.8 metres Neap range 2.1 metres', 'a margin'],
    ['tides harbours safety', 'a drawn separator'],
    ['High water 06:12 Low water 12:30', 'a flex row'],
    ['[printed each spring and sold at every harbour office](', 'spans laid out as blocks'],
    ['with `tide`s for the next week', 'code'],
  ];
  const problems = expected
    .filter(([words]) => !markdown.includes(words))
    .map(([words, how]) => `the words set apart by ${how} do not read “${words}”`);
  const pasted =
    'Always check **the year at the top of the table**: a table for the wrong year is worse than none.';
  if (!markdown.includes(pasted)) problems.push(`the pasted paragraph does not read “${pasted}”`);
  if (/^\s*\*\*\s*$/m.test(markdown)) problems.push('a “**” stands on a line of its own');
  if (!markdown.includes('![The harbour at Portree at low water]('))
    problems.push('the picture is not in the note');
  if (!/(?:^|\n)Photograph by the harbour office(?:\n|$)/.test(markdown))
    problems.push('the picture’s credit is not a line of its own');
  for (const label of ['Image', 'Credit', 'Article body']) {
    if (new RegExp(`\\b${label}\\b`).test(markdown))
      problems.push(`the screen-reader label “${label}” is in the note`);
  }
  return problems;
}
