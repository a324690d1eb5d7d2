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

  it('reads notes headed by their number in a heading of their own (Texinfo)', () => {
    const markdown = markdownOf(`
      <p>The keepers' log<a class="footnote" id="DOCF1" href="#FOOT1"><sup>1</sup></a> survives,
      and so do the lamp accounts<a class="footnote" id="DOCF2" href="#FOOT2"><sup>2</sup></a>.</p>
      <div class="footnotes-segment"><hr><h4 class="footnotes-heading">Footnotes</h4>
      <h5 class="footnote-body-heading"><a id="FOOT1" href="#DOCF1">(1)</a></h5>
      <p>Bound in twelve volumes.</p>
      <h5 class="footnote-body-heading"><a id="FOOT2" href="#DOCF2">(2)</a></h5>
      <p>Kept at the harbour office until 1950.</p></div>`);
    expect(markdown).toContain("The keepers' log[^1] survives");
    expect(markdown).toContain('lamp accounts[^2].');
    expect(markdown).toContain('[^1]: Bound in twelve volumes.');
    expect(markdown).toMatch(/\[\^2\]: Kept at the harbour office until 1950\.$/);
    expect(markdown).not.toMatch(/#{1,6} \(1\)/);
  });

  it('leaves a numbered section under a bare-number heading where it is', () => {
    const paragraphs = Array.from(
      { length: 6 },
      (_, index) =>
        `<p>Part ${index + 1} of the harbour history, told by the keepers who lived it.</p>`,
    ).join('');
    const markdown = markdownOf(
      `<p>As the first chapter tells<sup><a href="#one">1</a></sup>, the light came late.</p><h2><a id="one" href="#top">1</a></h2>${paragraphs}`,
    );
    expect(markdown).not.toContain('[^1]:');
    expect(markdown).toContain('Part 6 of the harbour history');
  });

  it("keeps citations of a saved copy whose links still name the original's address", () => {
    const markdown = markdownOf(`
      <p>Sequence models were explored before <cite class="ltx_cite">[<a href="https://arxiv.example.org/html/1706.03762v7#bib.bib35" class="ltx_ref">35</a>, <a href="https://arxiv.example.org/html/1706.03762v7#bib.bib2" class="ltx_ref">2</a>]</cite>.</p>
      <section class="ltx_bibliography"><h2>References</h2><ul class="ltx_biblist">
      <li id="bib.bib2" class="ltx_bibitem"><span class="ltx_bibblock">D. Bahdanau. Neural machine translation. 2014.</span></li>
      <li id="bib.bib35" class="ltx_bibitem"><span class="ltx_bibblock">I. Sutskever. Sequence to sequence learning. 2014.</span></li>
      </ul></section>
      <p>See also <a href="https://elsewhere.example.net/paper#results">the results</a>.</p>`);
    expect(markdown).toContain('explored before [[^1], [^2]].');
    expect(markdown).toContain('[^1]: I. Sutskever. Sequence to sequence learning. 2014.');
    expect(markdown).toContain('[^2]: D. Bahdanau. Neural machine translation. 2014.');
    // A link to another page's fragment that cites nothing stays a link.
    expect(markdown).toContain('[the results](https://elsewhere.example.net/paper#results)');
  });
});

describe('footnotes of a saved copy', () => {
  it("keeps a newsletter post's notes whose anchors name the original address", () => {
    const original = 'https://keepers.example.org/p/the-last-light';
    const markdown = markdownOf(`
      <p>The lamp burned colza oil until 1870.<span><a id="footnote-anchor-1" href="${original}#footnote-1" class="footnote-anchor">1</a></span></p>
      <p>Then came paraffin.</p>
      <div class="footnote"><a id="footnote-1" href="${original}#footnote-anchor-1" class="footnote-number">1</a>
      <div class="footnote-content"><p>Rapeseed oil, bought by the barrel.</p></div></div>`);
    expect(markdown).toContain('until 1870.[^1]');
    expect(markdown).toMatch(/\[\^1\]: Rapeseed oil, bought by the barrel\.$/);
  });
});

describe('tables', () => {
  it("takes a two-way table's first row, blank in its corner, as the header", () => {
    const markdown = markdownOf(`
      <table><tbody>
        <tr><td></td><td>Tower</td><td>Lamp</td><td>Keepers</td></tr>
        <tr><td>North Point</td><td>stone</td><td>oil</td><td>three</td></tr>
        <tr><td>Gull Rock</td><td>iron</td><td>gas</td><td>two</td></tr>
      </tbody></table>`);
    expect(markdown).toContain(
      '| | Tower | Lamp | Keepers |\n| --- | --- | --- | --- |\n| North Point | stone | oil | three |',
    );
  });

  it('keeps a grid whose first row is not column names header-less', () => {
    const markdown = markdownOf(`
      <table><tbody>
        <tr><td></td><td>12</td><td>14</td></tr>
        <tr><td>North Point</td><td>3</td><td>5</td></tr>
      </tbody></table>`);
    expect(markdown).toContain('| | | |\n| --- | --- | --- |\n| | 12 | 14 |');
  });
});

describe('MathML without a TeX annotation', () => {
  it('keeps bold symbols, a binomial without a bar and aligned equations', () => {
    const markdown = markdownOf(`
      <p>The force on the lens is
      <math><mrow><mi mathvariant="bold">F</mi><mo>=</mo><mi>m</mi><mi mathvariant="bold">a</mi></mrow></math>,
      and there are <math><mrow><mo>(</mo><mfrac linethickness="0"><mi>n</mi><mi>k</mi></mfrac><mo>)</mo></mrow></math> ways to choose the keepers.</p>
      <math display="block"><mtable columnalign="right left" displaystyle="true">
        <mtr><mtd><mi>x</mi></mtd><mtd><mo>=</mo><mi>y</mi></mtd></mtr>
        <mtr><mtd><mi>u</mi></mtd><mtd><mo>=</mo><mi>v</mi></mtd></mtr>
      </mtable></math>`);
    expect(markdown).toContain('$\\mathbf{F} = m \\mathbf{a}$');
    expect(markdown).toContain('$( \\genfrac{}{}{0pt}{}{n}{k} )$');
    expect(markdown).toContain('\\begin{aligned} x & = y \\\\ u & = v \\end{aligned}');
  });
});
