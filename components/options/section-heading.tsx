import type { ComponentChildren } from 'preact';

/**
 * A section's title and, under it, how the section saves. The page has two models (issue 19):
 * decks and defaults save as they change; the connection saves on Save, after a test. Saying
 * which at the top of each section is what makes the difference obvious.
 */
export function SectionHeading(props: { id: string; title: string; children: ComponentChildren }) {
  return (
    <header class="section-heading">
      <h2 id={props.id}>{props.title}</h2>
      <p class="save-model">{props.children}</p>
    </header>
  );
}
