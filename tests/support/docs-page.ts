/**
 * What is wrong with the note clipped from tests/fixtures/site/docs-page.html, in words (none
 * when it is right), for the Chromium and Firefox tests alike. The page is a documentation page
 * as generators write them: tabs whose hidden panels the `hidden` attribute hides (Docusaurus)
 * and tabs whose inactive panel the style sheet hides (Bootstrap, and MkDocs Material's radio
 * buttons and labels), Sphinx's `¶` permalinks after
 * a heading, a definition and a table caption (hidden by the style sheet until hovered), and
 * rustdoc's methods, each headed by a heading classed `code-header` inside its fold's summary.
 * The note shows every panel under its tab's name and no row of tab names, no `¶`, each method
 * as a heading over its description, and the Rust example as Rust.
 */
export function docsPageProblems(markdown: string): string[] {
  const problems: string[] = [];
  const panels: [string, string][] = [
    ['npm', '```bash\nnpm install lamp-log\n```'],
    ['Yarn', '```bash\nyarn add lamp-log\n```'],
    ['pnpm', '```bash\npnpm add lamp-log\n```'],
    ['Linux', 'On Linux the entries are kept'],
    ['Windows', 'On Windows the entries are kept'],
    ['Summer watch', 'In summer the log opens'],
    ['Winter watch', 'In winter the log opens'],
  ];
  for (const [tab, content] of panels) {
    if (!markdown.includes(`**${tab}**\n\n${content}`))
      problems.push(`the ${tab} tab's panel is not in the note under its name`);
  }
  if (/^\s*[-*] (?:npm|Yarn|Linux)\s*$/m.test(markdown))
    problems.push('the row of tab names is in the note as a list');
  if (
    markdown.includes('Summer watchWinter watch') ||
    /^Summer watch Winter watch$/m.test(markdown)
  )
    problems.push('the content tabs’ labels are in the note as a line of their own');
  if (markdown.includes('¶')) problems.push('a “¶” permalink is in the note');
  if (!markdown.includes('**lamplog.write(*entry*)**\n'))
    problems.push('the definition’s term is not on a line of its own');
  for (const [method, description] of [
    ['trim', 'Trims the wick'],
    ['light', 'Lights the lamp'],
  ]) {
    if (!markdown.includes(`#### pub fn ${method}(&mut self)\n\n${description}`))
      problems.push(`the method ${method} is not a heading over its description`);
  }
  if (/\*\*#+ /.test(markdown)) problems.push('a heading is written inside bold stars');
  if (!markdown.includes('```rust\nlet mut lamp = Lamp::new();'))
    problems.push('the Rust example is not marked as Rust');
  return problems;
}
