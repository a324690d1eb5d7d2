import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../utils/clip';
import { pageFromHtml } from './dom';

/**
 * The Markdown a reader gets for footnotes, tables, math and code in shapes real pages use
 * (issue 15: rule fidelity). Each case is small but shaped like the markup it stands for.
 */
const PROSE = `<p>The lighthouse keepers kept a log of every ship that passed the point, with the
  weather, the state of the sea and the hour; the logs now fill a whole room of the county archive.</p>`;

function markdownOf(body: string): string {
  const doc = pageFromHtml(
    `<!DOCTYPE html><html lang="en"><head><title>Notes from the coast</title></head>
    <body><article><h1>Notes from the coast</h1>${PROSE}${body}</article></body></html>`,
  );
  const result = clipDocument(doc, { mode: 'article' });
  if (!result.ok) throw new Error(`Expected a clip, got ${result.error.kind}`);
  return result.clip.markdown;
}

describe('footnotes', () => {
  it('splits notes that share one paragraph, each opened by a named anchor', () => {
    const markdown = markdownOf(`
      <p>The first light was lit in 1811.<a href="#one"><sup>1</sup></a></p>
      <p>The second followed a decade later.<a href="#two"><sup>2</sup></a></p>
      <p>The third was never finished.<a href="#three"><sup>3</sup></a> Its stones went elsewhere.</p>
      <hr>
      <p><a name="one"><sup>1</sup></a> From the harbour board's minutes. <a href="#">↩</a>
      <br><br>
      <a name="two"><sup>2</sup></a> The date is disputed. <a href="#">↩</a>
      <br><br>
      <a name="three"><sup>3</sup></a> See the <em>county</em> history. <a href="#">↩</a>
      </p>`);
    expect(markdown).toContain('lit in 1811.[^1]');
    expect(markdown).toContain('a decade later.[^2]');
    expect(markdown).toContain('never finished.[^3]');
    expect(markdown).toContain("[^1]: From the harbour board's minutes.\n");
    expect(markdown).toContain('[^2]: The date is disputed.\n');
    expect(markdown).toMatch(/\[\^3\]: See the \*county\* history\.$/);
    expect(markdown).not.toContain('<sup>');
  });
});
