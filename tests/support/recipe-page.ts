/**
 * What is wrong with the note clipped from tests/fixtures/site/recipe-page.html, in words (none
 * when it is right), for the Chromium and Firefox tests alike. The page is a food blog's post with
 * a WordPress Recipe Maker card, in that plugin's markup: each time written as its number, a
 * unit only screen readers get ("minutes", by the plugin's class, and for the cook time by a
 * hashed class the style sheet clips to a pixel) and the unit the reader sees, hidden from screen
 * readers ("mins"); the steps a `<ul>` whose items are styled as numbers; Print and Pinterest
 * buttons (the share link carries the page's canonical address); a checkbox before each
 * ingredient and a Cook Mode switch; the card named after the post, whose headline sits in a
 * `<header class="entry-header">`. The note reads as the page shows the card.
 */
export function recipePageProblems(markdown: string): string[] {
  const problems: string[] = [];
  for (const [label, minutes] of [
    ['Prep Time', 15],
    ['Cook Time', 30],
    ['Total Time', 45],
  ]) {
    if (!markdown.includes(`${label} ${minutes} mins`))
      problems.push(`the ${label} does not read "${label} ${minutes} mins"`);
  }
  // The card is named after the post; the headline over the post went with its header.
  const named = markdown.match(/^#+ Curried Lentil and Pumpkin Soup$/gm) ?? [];
  const card = markdown.indexOf('\n## Curried Lentil and Pumpkin Soup\n');
  if (named.length !== 1 || card < markdown.indexOf('When the first cold week'))
    problems.push('the recipe card’s name is not one heading, over the card after the story');
  const steps = ['Dice the onion', 'Cook the onion', 'Add the lentils', 'Salt to taste'];
  steps.forEach((step, index) => {
    if (!markdown.includes(`\n${index + 1}. ${step}`))
      problems.push(`step ${index + 1} is not numbered`);
  });
  for (const ingredient of ['1 Tbsp olive oil', '2 cloves garlic minced', '4 cups vegetable broth'])
    if (!markdown.includes(ingredient)) problems.push(`the ingredient "${ingredient}" is missing`);
  if (markdown.includes('▢')) problems.push('a checkbox’s screen-reader glyph is in the note');
  if (/pinterest\.com/.test(markdown) || /^\[?Pin\]?/m.test(markdown))
    problems.push('the Pinterest button is in the note');
  if (/Cook Mode|Prevent your screen/.test(markdown))
    problems.push('the Cook Mode switch is in the note');
  if (markdown.includes('Jump to Recipe'))
    problems.push('the "Jump to Recipe" button is in the note');
  return problems;
}
