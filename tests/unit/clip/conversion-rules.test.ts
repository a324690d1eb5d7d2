import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../utils/clip';
import { pageFromHtml } from './dom';

/**
 * The Markdown a reader gets for footnotes, tables, math and code in shapes real pages use
 * (issue 15: rule fidelity). Each case is small but shaped like the markup it stands for.
 */
const PROSE = `<p>The lighthouse keepers kept a log of every ship that passed the point, with the
  weather, the state of the sea and the hour; the logs now fill a whole room of the county archive.</p>`;

/** The article-mode note of a whole page. */
function articleMarkdown(html: string): string {
  const result = clipDocument(pageFromHtml(html), { mode: 'article' });
  if (!result.ok) throw new Error(`Expected a clip, got ${result.error.kind}`);
  return result.clip.markdown;
}

function markdownOf(body: string): string {
  return articleMarkdown(
    `<!DOCTYPE html><html lang="en"><head><title>Notes from the coast</title></head>
    <body><article><h1>Notes from the coast</h1>${PROSE}${body}</article></body></html>`,
  );
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
    expect(markdown).toContain('explored before \\[[^1], [^2]].');
    expect(markdown).toContain('[^1]: I. Sutskever. Sequence to sequence learning. 2014.');
    expect(markdown).toContain('[^2]: D. Bahdanau. Neural machine translation. 2014.');
    // A link to another page's fragment that cites nothing stays a link.
    expect(markdown).toContain('[the results](https://elsewhere.example.net/paper#results)');
  });
});

describe('hand-written notes of more than one block', () => {
  it("keeps a note's list under it, up to the next note", () => {
    // Note 1 is a paragraph and a list; the notes sit after the article, where Readability
    // drops what is not a note.
    const markdown =
      articleMarkdown(`<!DOCTYPE html><html lang="en"><head><title>Notes from the coast</title></head>
      <body><article><h1>Notes from the coast</h1>${PROSE}
      <p>The lamp burned colza oil until 1870.<sup>1</sup> Then came paraffin.<sup>2</sup></p></article>
      <div class="post-notes"><h4>Notes</h4>
      <p><sup>1</sup> Rapeseed oil, bought from two merchants:</p>
      <ul><li>Hale and Sons, of Bristol;</li><li>the county co-operative.</li></ul>
      <p><sup>2</sup> From America, by the barrel.</p></div></body></html>`);
    const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    expect(html).toMatch(
      /<li id="user-content-fn-1">\s*<p>Rapeseed oil, bought from two merchants:<\/p>\s*<ul>\s*<li>Hale and Sons, of Bristol;<\/li>\s*<li>the county co-operative\.<\/li>\s*<\/ul>/,
    );
    expect(markdown).toContain('[^2]: From America, by the barrel.');
    expect(markdown.match(/Hale and Sons/g)).toHaveLength(1);
  });

  it('keeps the last note’s paragraphs under it when the notes close the article after a rule', () => {
    const notes = `<hr><p><strong>1</strong> Rapeseed oil, bought by the barrel.</p>
      <p><strong>2</strong> From America.</p><p>It came by the same ships as the mail.</p>`;
    const markdown = markdownOf(
      `<p>The lamp burned colza oil until 1870.<sup>1</sup> Then came paraffin.<sup>2</sup></p>${notes}`,
    );
    expect(markdown).toMatch(
      /\[\^2\]: From America\.\n\n {4}It came by the same ships as the mail\.$/,
    );
    // Without the rule over them, what follows the last note may be the article's again.
    const loose = markdownOf(
      `<p>The lamp burned colza oil until 1870.<sup>1</sup> Then came paraffin.<sup>2</sup></p>${notes.replace('<hr>', '')}`,
    );
    expect(loose).toMatch(/^It came by the same ships as the mail\.$/m);
  });

  it('drops the rule over the notes when only the notes follow it, and keeps one with text after', () => {
    // GitHub and Obsidian draw the notes under a line of their own: the page's rule over them
    // was a second line closing the text.
    const markdown = markdownOf(`<p>The lamp burned colza oil until 1870.<sup>1</sup> Then came
      paraffin.<sup>2</sup></p><hr><p><strong>1</strong> Rapeseed oil, bought by the barrel.</p>
      <p><strong>2</strong> From America.</p><p>It came by the same ships as the mail.</p>`);
    expect(markdown).toContain('Then came paraffin.[^2]\n\n[^1]: Rapeseed oil');
    expect(markdown).not.toContain('---');
    const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    expect(html).not.toContain('<hr />');
    expect(html).toContain('<section data-footnotes');
    // A rule between the article's own parts stays.
    const parted = markdownOf(`<p>The lamp burned colza oil until 1870.<sup>1</sup></p><hr>
      <p>The keeper's house was let in 1901 to a painter who stayed for twenty years.</p>
      <ol class="footnotes"><li id="fn1">Rapeseed oil, by the barrel.</li></ol>`);
    expect(parted).toContain('1870.[^1]\n\n---\n\nThe keeper');
    expect(parted).toMatch(/\[\^1\]: Rapeseed oil, by the barrel\.$/);
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

/** A paragraph of a post's section: long enough that Readability scores it as prose. */
function sectionParagraph(topic: string, note = ''): string {
  return `<p>The keepers wrote about ${topic} at length, because a log is read years later,
    by people who were not there, with the weather, the sea, the ships and the hour${note}, and
    every entry of the season in the same hand.</p>`;
}

describe('posts whose sections are blocks of their own', () => {
  /** The page body: a heading, then each section a block, with a heading between them. */
  function sectionsPage(section: (index: number) => string, secondHeading = '<h2>'): string {
    return articleMarkdown(
      `<!DOCTYPE html><html lang="en"><head><title>Logs of the point</title></head><body>
      <nav><a href="/">Home</a> <a href="/logs">Logs</a></nav>
      <article><h1>Logs of the point</h1>${section(1)}<h2>The winter logs</h2>${section(2)}
      ${secondHeading}The summer logs</h2>${section(3)}</article>
      <footer><p>Copyright 2026 The county archive.</p></footer></body></html>`,
    );
  }

  it('keeps every section and the headings between them', () => {
    // A class that says "content" makes each section score above the article around them, so
    // Readability builds the note from the sections alone, and left the headings out.
    const markdown = sectionsPage(
      (index) =>
        `<div class="section-content">${sectionParagraph(`section ${index}`)}${sectionParagraph(`more of section ${index}`)}</div>`,
    );
    const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    for (const index of [1, 2, 3]) expect(markdown).toContain(`about more of section ${index} at`);
    expect(html).toMatch(
      /section 1 at[\s\S]*<h2>The winter logs<\/h2>[\s\S]*section 2 at[\s\S]*<h2>The summer logs<\/h2>[\s\S]*section 3 at/,
    );
    expect(markdown).not.toContain('Copyright');
  });

  it('leaves out a heading between the sections whose class Readability distrusts', () => {
    // As Readability does with such a heading inside the block it chose.
    const markdown = sectionsPage(
      (index) =>
        `<div class="section-content">${sectionParagraph(`section ${index}`)}${sectionParagraph(`more of section ${index}`)}</div>`,
      '<h2 class="share-title">',
    );
    expect(markdown).toContain('## The winter logs');
    expect(markdown).not.toContain('The summer logs');
    expect(markdown).toContain('about more of section 3 at');
  });

  it('keeps a short section, a sentence and a list, between two sections it keeps', () => {
    // Readability scores paragraphs of 25 characters and more, never a list: this section was
    // never scored, so never weighed beside the others, and went. The last section is one
    // paragraph, which Readability puts in the page in place of its block.
    const markdown = sectionsPage((index) =>
      index === 2
        ? `<div class="section-content"><p>Kept each winter:</p><ul><li>the oil ledger</li><li>the wick book</li><li>the ship tally</li></ul></div>`
        : `<div class="section-content">${sectionParagraph(`section ${index}`)}${index === 1 ? sectionParagraph(`more of section ${index}`) : ''}</div>`,
    );
    const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    expect(html).toMatch(
      /section 1 at[\s\S]*<h2>The winter logs<\/h2>\s*<p>Kept each winter:<\/p>\s*<ul>\s*<li>the oil ledger<\/li>\s*<li>the wick book<\/li>\s*<li>the ship tally<\/li>\s*<\/ul>\s*<h2>The summer logs<\/h2>[\s\S]*section 3 at/,
    );
  });

  it('keeps the heading over the first section when the section alone is chosen', () => {
    // Readability builds the note from the one block that holds the prose, and the heading
    // over it, its sibling, scored nothing and stayed behind; a run of links above it is no
    // part of it.
    const markdown = articleMarkdown(
      `<!DOCTYPE html><html lang="en"><head><title>Logs of the point</title></head><body>
      <article><h1>Logs of the point</h1>
      <h2><a href="/logs">More logs</a></h2><ul><li><a href="/logs/1">Part one</a></li><li><a href="/logs/2">Part two</a></li></ul>
      <h2>The winter logs</h2><h3>As the keepers wrote them</h3>
      <div class="section-content">${sectionParagraph('the winter')}${sectionParagraph('the storms')}</div>
      </article></body></html>`,
    );
    const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    expect(html).toMatch(
      /^<h2>The winter logs<\/h2>\s*<h3>As the keepers wrote them<\/h3>\s*<p>The keepers wrote about the winter/,
    );
    expect(markdown).not.toContain('More logs');
    expect(markdown).not.toContain('Part one');
  });

  it('leaves out what stood between two sections and was links, unlikely, or weighed', () => {
    // A list of links (the series' other parts), a block whose class Readability takes for
    // chrome and removes before it scores, and a block it scored and found too weak to keep.
    const markdown = sectionsPage((index) =>
      index === 2
        ? `<ul><li><a href="/logs/1">Part one of the series</a></li><li><a href="/logs/2">Part two of the series</a></li></ul>
           <div class="remark"><p>Draft: the keepers wrote about the draft at length.</p><p>Draft: the keepers wrote about the draft again.</p></div>
           <div class="section-note"><p>Copied out by the archive staff in 2026.</p><p>Checked against the ledgers in 2027.</p></div>`
        : `<div class="section-content">${sectionParagraph(`section ${index}`)}${sectionParagraph(`more of section ${index}`)}</div>`,
    );
    expect(markdown).toContain('about more of section 3 at');
    expect(markdown).not.toContain('Part one');
    expect(markdown).not.toContain('Draft');
    expect(markdown).not.toContain('Copied out');
  });

  it("keeps a story's key points between its standfirst and its body", () => {
    // Onet and many portals: a list between the standfirst (a block of text, which Readability
    // retags as a paragraph) and the body. Readability scores no list item; the list went.
    const markdown = articleMarkdown(
      `<!DOCTYPE html><html lang="pl"><head><title>Metro na Bródno później</title></head><body>
      <article><header><h1>Metro na Bródno później</h1></header>
      <div class="lead"><b>Trzy nowe stacje II linii metra na Bródnie nie zostaną otwarte w tym roku, wynika z informacji Metra Warszawskiego. Wykonawca poinformował o kolejnym opóźnieniu.</b></div>
      <ul class="summary"><li>Stacje miały zostać oddane jesienią 2024 r.</li><li>Pasażerowie pojadą nimi najwcześniej w 2026 r.</li></ul>
      <div class="detail">${sectionParagraph('the delay')}${sectionParagraph('the penalties')}${sectionParagraph('the tunnel')}</div>
      <ul class="share"><li><a href="https://facebook.example/share">Facebook</a></li><li><a href="https://x.example/share">X</a></li></ul>
      <footer><p>Copyright 2026 Onet.</p></footer></article></body></html>`,
    );
    const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    expect(html).toMatch(
      /opóźnieniu\.[\s\S]*<li>Stacje miały zostać oddane jesienią 2024 r\.<\/li>\s*<li>Pasażerowie[\s\S]*about the delay/,
    );
    expect(markdown).not.toContain('Facebook');
  });

  it('keeps every section when each has its sidenotes in an aside beside it', () => {
    // Each section: its prose, and an aside with the notes it cites, numbered on from the last.
    const markdown = sectionsPage(
      (index) => `<div class="with-aside"><div class="with-aside-content">
        ${sectionParagraph(`section ${index}`, `<sup class="aside-link">${index}</sup>`)}
        ${sectionParagraph(`more of section ${index}`)}
        </div><aside><ol start="${index}"><li>Margin note ${index}.</li></ol></aside></div>`,
    );
    const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    for (const index of [1, 2, 3]) {
      expect(markdown).toContain(`about more of section ${index} at`);
      expect(markdown).toContain(`the hour[^${index}],`);
      expect(markdown).toContain(`[^${index}]: Margin note ${index}.`);
    }
    expect(html).toMatch(/section 1 at[\s\S]*<h2>The winter logs<\/h2>[\s\S]*section 2 at/);
    expect(html).toMatch(/<h2>The summer logs<\/h2>[\s\S]*section 3 at/);
  });
});

describe('notes a page writes its own way', () => {
  it('makes a note opened by a click (Tufte CSS sidenotes and margin notes) a footnote', () => {
    // The note is beside the text on a wide screen, behind its number on a narrow one. Its words
    // must not run on inside the sentence, and the "⊕" that opens a margin note is no text.
    const markdown = markdownOf(`
      <p>The lamp burned colza oil<label for="sn-oil" class="margin-toggle sidenote-number"></label><input type="checkbox" id="sn-oil" class="margin-toggle"/><span class="sidenote">Rapeseed oil, bought by the barrel.</span> until 1870.</p>
      <p>The keeper's wife kept the books.<label for="mn-books" class="margin-toggle">&#8853;</label><input type="checkbox" id="mn-books" class="margin-toggle"/><span class="marginnote">The ledgers are in the county archive.</span></p>`);
    expect(markdown).toContain('colza oil[^1] until 1870.');
    expect(markdown).toContain('kept the books.[^2]');
    expect(markdown).toContain('[^1]: Rapeseed oil, bought by the barrel.');
    expect(markdown).toContain('[^2]: The ledgers are in the county archive.');
    expect(markdown).not.toContain('⊕');
  });

  it("sets a click-opened note's mark right after its word, with the note's number said once", () => {
    // A wrapper a space away from the sentence (an Astro blog), and Org mode's export, which
    // repeats the number inside the note and lists the notes again in a footer.
    const markdown = markdownOf(`
      <p>The lamp burned colza oil. <span class="footnote-container"> <label for="fn-a" class="margin-toggle footnote-number"></label> <input type="checkbox" id="fn-a" class="margin-toggle"> <span class="footnote">Rapeseed oil, bought by the barrel.</span> </span></p>
      <p>Paraffin came later.<label class="footref" for="fn.2">2</label><input id="fn.2" class="footref-toggle" type="checkbox"><span class="sidenote"><sup>2</sup> From America, by the barrel too.</span></p>
      <footer><h2>Sidenotes</h2>
      <div class="footdef"><sup><a id="fn.1" class="footnum" href="#fnr.1" role="doc-backlink">1</a></sup> <div class="footpara"><p>Rapeseed oil, bought by the barrel.</p></div></div>
      <div class="footdef"><sup><a id="fn.2" class="footnum" href="#fnr.2" role="doc-backlink">2</a></sup> <div class="footpara"><p>From America, by the barrel too.</p></div></div>
      </footer>`);
    expect(markdown).toContain('burned colza oil.[^1]');
    expect(markdown).toContain('Paraffin came later.[^2]');
    expect(markdown).toContain('[^2]: From America, by the barrel too.');
    expect(markdown).not.toMatch(/\[\^[3-9]\]/);
  });

  it('leaves a checkbox with its label after it (a task list, a form) as it is', () => {
    const markdown = markdownOf(`
      <ul><li><input type="checkbox" id="task-oil"><label for="task-oil">Order the oil</label> <span>for the winter lamp</span></li>
      <li><input type="checkbox" id="task-wick"><label for="task-wick">Trim the wick</label></li></ul>`);
    expect(markdown).not.toContain('[^');
    expect(markdown).toContain('Order the oil for the winter lamp');
  });

  it("makes a LaTeXML paper's notes (arXiv HTML) footnotes, and leaves a bare mark a mark", () => {
    // The note sits inside the sentence, its text hidden until the mark is hovered; it repeats
    // its mark and says its kind ("footnote: "). A "footnotemark" holds nothing but the mark: its
    // text is given once elsewhere (an affiliation shared by several authors).
    const note = (role: string, mark: string, text: string) =>
      `<span class="ltx_note ltx_role_${role}"><sup class="ltx_note_mark">${mark}</sup><span class="ltx_note_outer"><span class="ltx_note_content"><sup class="ltx_note_mark">${mark}</sup><span class="ltx_note_type">${role}: </span><span class="ltx_tag ltx_tag_note">${mark}</span>${text}</span></span></span>`;
    const markdown = markdownOf(`
      <div class="ltx_authors"><span class="ltx_creator ltx_role_author"><span class="ltx_personname">Ada Keeper${note('footnotemark', '1', '')}, Ben Lamp${note('footnotemark', '1', '')}</span></span></div>
      <p class="ltx_p">We counted the ships by hand${note('footnote', '2', 'The tally sheets are in the <a href="https://archive.example.org/tally" class="ltx_ref ltx_href">county archive</a>.')} over three winters.</p>`);
    expect(markdown).toContain('by hand[^1] over three winters.');
    expect(markdown).toContain(
      '[^1]: The tally sheets are in the [county archive](https://archive.example.org/tally).',
    );
    expect(markdown).not.toContain('footnote:');
    expect(markdown).not.toContain('footnotemark');
    expect(markdown).toContain('Ada Keeper<sup>1</sup>, Ben Lamp<sup>1</sup>');
  });

  it("keeps a hover note's own opening words, and drops only a repeated mark and its kind", () => {
    const markdown = markdownOf(`
      <p>The board answered<span class="inline-footnote">1<span class="footnoteContent"><strong>Update:</strong> The board replied in May.</span></span> at last.</p>`);
    expect(markdown).toContain('answered[^1] at last.');
    expect(markdown).toContain('[^1]: **Update:** The board replied in May.');
  });

  it("reads Sphinx's notes, as today's docutils writes them and as older releases did", () => {
    // Today: an aside per note, its label "[1]" with the number as a back-link. Before
    // docutils 0.18: a one-row table per note, the label in the first cell.
    const markdown = markdownOf(`
      <p>The lamps burned colza oil<a class="footnote-reference brackets" href="#f1" id="id1" role="doc-noteref"><span class="fn-bracket">[</span>1<span class="fn-bracket">]</span></a> until the 1870s.</p>
      <p>Older builds wrote their notes as tables<a class="footnote-reference" href="#f2" id="id2">[2]</a>.</p>
      <aside class="footnote-list brackets"><aside class="footnote brackets" id="f1" role="doc-footnote"><span class="label"><span class="fn-bracket">[</span><a role="doc-backlink" href="#id1">1</a><span class="fn-bracket">]</span></span><p>Rapeseed oil, pressed in Flanders.</p></aside></aside>
      <table class="docutils footnote" frame="void" id="f2" rules="none"><colgroup><col class="label" /><col /></colgroup><tbody valign="top"><tr><td class="label"><a class="fn-backref" href="#id2">[2]</a></td><td>Docutils 0.17 and before.</td></tr></tbody></table>`);
    expect(markdown).toContain('colza oil[^1] until the 1870s.');
    expect(markdown).toContain('as tables[^2].');
    expect(markdown).toMatch(/\[\^1\]: Rapeseed oil, pressed in Flanders\.\n/);
    expect(markdown).toMatch(/\[\^2\]: Docutils 0\.17 and before\.$/);
    expect(markdown).not.toContain('|');
  });

  it("numbers a Distill post's notes, and every note, in the order the note cites them", () => {
    // Notes shown on hover are found before notes at the end of the page: numbered as found,
    // the note's first reference read [^2].
    const markdown = markdownOf(`
      <p>The count began in 1866<a href="#fn1" class="footnote-ref" id="fnref1" role="doc-noteref"><sup>1</sup></a> and ran for three winters<d-footnote>The third was cut short by the storm of <em>1869</em>.</d-footnote>.</p>
      <section class="footnotes" role="doc-endnotes"><hr><ol><li id="fn1"><p>The first sheet is dated 3 November.<a href="#fnref1" class="footnote-back" role="doc-backlink">↩︎</a></p></li></ol></section>`);
    expect(markdown).toContain('began in 1866[^1] and ran for three winters[^2].');
    expect(markdown).toMatch(
      /\[\^1\]: The first sheet is dated 3 November\.\n\n\[\^2\]: The third was cut short by the storm of \*1869\*\.$/,
    );
  });

  it('finds notes that open with their number in a notes container (Wikidot)', () => {
    const reference = (n: number) =>
      `<sup class="footnoteref"><a id="footnoteref-${n}" href="javascript:;" class="footnoteref" onclick="WIKIDOT.page.utils.scrollToReference('footnote-${n}')">${n}</a></sup>`;
    const definition = (n: number, text: string) =>
      `<div class="footnote-footer" id="footnote-${n}"><a href="javascript:;" onclick="WIKIDOT.page.utils.scrollToReference('footnoteref-${n}')">${n}</a>. ${text}</div>`;
    const markdown = markdownOf(`
      <p>The lamp burned colza oil${reference(1)} until 1870, then paraffin${reference(2)}.</p>
      <div class="footnotes-footer"><div class="title">Footnotes</div>
      ${definition(1, 'Rapeseed oil, bought by the barrel.')}
      ${definition(2, 'Kerosene, as the Americans called it.')}</div>`);
    expect(markdown).toContain('colza oil[^1] until 1870, then paraffin[^2].');
    expect(markdown).toMatch(/\[\^1\]: Rapeseed oil, bought by the barrel\.\n/);
    expect(markdown).toMatch(/\[\^2\]: Kerosene, as the Americans called it\.$/);
    expect(markdown).not.toContain('javascript');
  });

  it('reads numbered paragraphs outside a notes container as text', () => {
    const markdown = markdownOf(`
      <p>The keeper had three duties<sup>1</sup> and a fourth in winter.</p>
      <div class="duties"><p>1. Light the lamp at dusk and trim the wick at midnight.</p>
      <p>2. Log every ship that passed.</p></div>`);
    expect(markdown).not.toContain('[^');
    expect(markdown).toContain('1\\. Light the lamp at dusk');
  });
});

describe('emphasis a page sets by class or style', () => {
  it('reads a span whose class says italic or bold as emphasis, inside running text only', () => {
    // LaTeXML writes every italic word of a paper so; Tailwind and Bootstrap pages often do.
    const markdown = markdownOf(`
      <p class="ltx_p">We call this count the <span class="ltx_text ltx_font_italic">keepers' tally</span>, and the board's the <span class="ltx_text ltx_font_bold">ledger</span>.</p>
      <p>Utility classes: <span class="italic">in italics</span>, <span class="fw-bold">in bold</span>, <em>already <span class="italic">emphasised</span></em>.</p>
      <p><span class="italic">A whole paragraph set in italics by its class stays as it is.</span></p>
      <h2><span class="font-bold">A heading</span> in bold</h2>`);
    expect(markdown).toContain("count the *keepers' tally*, and the board's the **ledger**.");
    expect(markdown).toContain('Utility classes: *in italics*, **in bold**, *already emphasised*.');
    expect(markdown).toContain('\nA whole paragraph set in italics by its class stays as it is.');
    expect(markdown).toContain('## A heading in bold');
  });

  it('reads an inline style as what it looks like, and writes no emphasis or strike-through across paragraphs', () => {
    // Pasted from Google Docs, as blog posts often are: a bold wrapper that its own style sets
    // back to normal, around paragraphs whose spans carry the real weight and slant.
    const docs = (weight: number, slant: string, text: string) =>
      `<span style="font-size:11pt;font-family:Arial;font-weight:${weight};font-style:${slant};white-space:pre-wrap;">${text}</span>`;
    const markdown = markdownOf(`
      <b style="font-weight:normal;" id="docs-internal-guid-3f2a1b7c-7fff-4d2e-9a1b-5c6d7e8f9a0b">
      <p dir="ltr">${docs(400, 'normal', 'The cloves go in between the first frosts and the shortest day. ')}${docs(700, 'normal', 'Plant them pointed end up')}${docs(400, 'normal', ', two inches deep.')}</p><br>
      <p dir="ltr">${docs(400, 'normal', 'Softneck kinds such as ')}${docs(400, 'italic', 'Solent Wight')}${docs(400, 'normal', ' keep longest.')}</p></b>
      <p>The editor's own markup: <span style="font-weight: bold;">lift in July</span>, <span style="font-style: oblique;">never in the rain</span>, <span style="font-weight: 400;">not bold</span> and <span style="font-weight:600">semibold</span>.</p>
      <p><span style="font-weight:700">A whole paragraph in bold by its style stays as it is.</span></p>
      <strong><p>A passage in bold, first paragraph.</p><h3>Its heading</h3><p>Second paragraph.</p></strong>
      <em><span class="pasted"><p>Italic through a span, first.</p><p>And second.</p></span></em>
      <p>Afterwards <i style="font-style:normal">upright</i> again.</p>
      <s><p>The ferry leaves at nine on Sundays.</p><p>Tickets are sold on board.</p></s>
      <table><tbody>
        <tr><td><div>${docs(700, 'normal', 'Harbour')}</div></td><td><div>${docs(700, 'normal', 'Spring range')}</div><div>${docs(700, 'normal', '(metres)')}</div></td></tr>
        <tr><td>Portree</td><td>4.8</td></tr>
      </tbody></table>`);
    expect(markdown).toContain(
      'The cloves go in between the first frosts and the shortest day. **Plant them pointed end up**, two inches deep.',
    );
    expect(markdown).toContain('Softneck kinds such as *Solent Wight* keep longest.');
    expect(markdown).toContain(
      "The editor's own markup: **lift in July**, *never in the rain*, not bold and **semibold**.",
    );
    expect(markdown).toContain('\nA whole paragraph in bold by its style stays as it is.');
    expect(markdown).toContain(
      '**A passage in bold, first paragraph.**\n\n### Its heading\n\n**Second paragraph.**',
    );
    expect(markdown).toContain('*Italic through a span, first.*\n\n*And second.*');
    expect(markdown).toContain('Afterwards upright again.');
    expect(markdown).toContain(
      '~~The ferry leaves at nine on Sundays.~~\n\n~~Tickets are sold on board.~~',
    );
    // A header cell Google Docs sets line by line, each line a bold div: bold as a whole.
    expect(markdown).toMatch(/\| Harbour \| Spring range(?:<br>| )\(metres\) \|/);
    // No delimiter is left on a line of its own, where a renderer shows it as text.
    expect(markdown).not.toMatch(/^\s*(?:\*\*|\*|_|__|~~|==)\s*$/m);
  });
});

describe("the page's own style sheet and link wrappers", () => {
  it('reads a class its own short style sheet makes bold or italic as emphasis, as a published Google Doc sets it', () => {
    // Google Docs' published and exported documents: one short sheet, a class per text style.
    // A later rule for the same class wins; a rule with context says nothing about running text;
    // an inline style wins over the class; a paragraph that is all one style stays plain.
    const markdown = markdownOf(`
      <style type="text/css">.c1{color:#000000;font-weight:400;font-style:normal}.c4{font-weight:700;font-style:normal}.c7{font-weight:400;font-style:italic}.c9{font-weight:bold;font-style:oblique}.c5{font-weight:700}.c5{font-weight:400}.nav .c8{font-weight:700}</style>
      <p class="c2"><span class="c1">The ferry sails at nine. </span><span class="c4">Be at the pier by half past eight</span><span class="c1">; the gangway is lifted </span><span class="c7">five minutes</span><span class="c1"> before.</span></p>
      <p class="c2"><span class="c9">Do not leave cars unlocked.</span><span class="c1"> Overruled: </span><span class="c5">plain</span><span class="c1">, contextual: </span><span class="c8">plain too</span><span class="c1">, inline: </span><span class="c4" style="font-weight:400">upright</span><span class="c1">.</span></p>
      <p class="c2"><span class="c4">A whole paragraph in bold by its class stays as it is.</span></p>`);
    expect(markdown).toContain(
      'The ferry sails at nine. **Be at the pier by half past eight**; the gangway is lifted *five minutes* before.',
    );
    expect(markdown).toContain(
      '***Do not leave cars unlocked.*** Overruled: plain, contextual: plain too, inline: upright.',
    );
    expect(markdown).toContain('\nA whole paragraph in bold by its class stays as it is.');
  });

  it('leaves emphasis by class alone where the sheet is a whole site design, too large to be a document', () => {
    const filler = Array.from({ length: 3000 }, (_, index) => `.u${index}{margin:${index}px}`).join(
      '',
    );
    const markdown = markdownOf(`
      <style>${filler}.c4{font-weight:700}</style>
      <p>The ferry sails at nine. <span class="c4">Be at the pier early</span>, the gangway lifts at five to.</p>`);
    expect(markdown).toContain('The ferry sails at nine. Be at the pier early, the gangway lifts');
  });

  it('links to where a link wrapper leads, and leaves links that only hold an address alone', () => {
    const markdown = markdownOf(`
      <p>Google Docs: <a href="https://www.google.com/url?q=https://tides.example.org/crossing?port%3Dportree%26year%3D2026&amp;sa=D&amp;source=editors&amp;ust=1764451200000000&amp;usg=AOvVaw2Kq9">the crossing table</a>.
      Facebook: <a href="https://l.facebook.com/l.php?u=https%3A%2F%2Fharbour.example%2Fnews&amp;h=AT0x">harbour news</a>.
      DuckDuckGo: <a href="https://duckduckgo.com/l/?uddg=https%3A%2F%2Fferry.example%2F&amp;rut=abc">the ferry</a>.
      Steam: <a href="https://steamcommunity.com/linkfilter/?url=https://keepers.example/log">the log</a>.
      Outlook: <a href="https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fharbour.example%2Frota%3Fweek%3D48&amp;data=05%7C02%7Ceva%40example.org%7C&amp;sdata=abc%3D&amp;reserved=0">the rota</a>.</p>
      <p>Left alone: <a href="https://www.google.com/url?q=javascript:alert(1)">a script</a>, <a href="https://twitter.com/intent/tweet?url=https://harbour.example/">a share link</a>, <a href="https://validator.w3.org/check?uri=https://harbour.example/">a validator</a>, <a href="https://harbour.example/?url=https://keepers.example/">a page with an address</a>.</p>`);
    expect(markdown).toContain(
      'Google Docs: [the crossing table](https://tides.example.org/crossing?port=portree&year=2026).',
    );
    expect(markdown).toContain('Facebook: [harbour news](https://harbour.example/news).');
    expect(markdown).toContain('DuckDuckGo: [the ferry](https://ferry.example/).');
    expect(markdown).toContain('Steam: [the log](https://keepers.example/log).');
    expect(markdown).toContain('Outlook: [the rota](https://harbour.example/rota?week=48).');
    expect(markdown).toContain('[a script](https://www.google.com/url?q=javascript:alert%281%29)');
    expect(markdown).toContain(
      '[a share link](https://twitter.com/intent/tweet?url=https://harbour.example/)',
    );
    expect(markdown).toContain(
      '[a validator](https://validator.w3.org/check?uri=https://harbour.example/)',
    );
    expect(markdown).toContain(
      '[a page with an address](https://harbour.example/?url=https://keepers.example/)',
    );
  });
});

describe('a row of figures', () => {
  const cell = (figure: string) =>
    `<div class="GroupedBlock-item" style="width:50%">${figure}</div>`;
  const second = `<p>The keepers' log for 1868 records a storm that broke the glass of the lantern twice in one
    night, and the relief boat could not land for eleven days; the keepers rationed the oil and the tea.</p>`;
  const third = `<p>After the storm the board sent a new lantern from Edinburgh, with thicker glass and a copper
    dome, and the keepers wrote that the light could be seen five miles further out than before.</p>`;
  it('keeps a gallery row between two paragraphs, each picture with its caption', () => {
    // Readability judged the grid's blocks as pictures without paragraphs, the captions' credit
    // links tipping it, and dropped the row: the note lost both pictures and their captions.
    const markdown = markdownOf(`${third}
      <div class="GroupedBlock-root"><div class="GroupedBlock-items">
        ${cell('<figure><div class="Image-root"><img src="/images/gallery-1.jpg" alt="The lantern"></div><figcaption>The lantern. <a href="https://archive.example/source1">County archive</a></figcaption></figure>')}
        ${cell('<figure><div class="Image-root"><a href="/images/gallery-2-large.jpg"><img src="/images/gallery-2.jpg" alt="The lens"></a></div><figcaption><a href="https://archive.example/source2">Museum of Lights</a></figcaption></figure>')}
      </div></div>${second}${third}`);
    expect(markdown).toContain('gallery-1.jpg');
    expect(markdown).toContain('The lantern. [County archive](https://archive.example/source1)');
    expect(markdown).toContain('gallery-2.jpg');
    expect(markdown).toContain('[Museum of Lights](https://archive.example/source2)');
    expect(markdown).toContain("The keepers' log for 1868");
  });
  it('leaves out a row of teasers whose pictures link to other pages', () => {
    const teaser = (slug: string) =>
      `<figure><a href="/stories/${slug}"><img src="/images/${slug}.jpg" alt=""></a><figcaption><a href="/stories/${slug}">More: ${slug}</a></figcaption></figure>`;
    const markdown = markdownOf(
      `${third}<div class="grid">${cell(teaser('fog-horns'))}${cell(teaser('wreckers'))}</div>${second}${third}`,
    );
    expect(markdown).toContain("The keepers' log for 1868");
    expect(markdown).not.toMatch(/fog-horns|wreckers/);
  });
});

describe('pictures embedded a few pixels across', () => {
  /** A `data:` PNG whose header gives this size, padded as a real picture's data would be. */
  const png = (width: number, height: number) => {
    const header = Buffer.alloc(24);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
    header.writeUInt32BE(13, 8);
    header.write('IHDR', 12, 'latin1');
    header.writeUInt32BE(width, 16);
    header.writeUInt32BE(height, 20);
    const data = Buffer.concat([header, Buffer.alloc(700, 0x5a)]);
    return `data:image/png;base64,${data.toString('base64')}`;
  };
  const gif = (width: number, height: number) => {
    const header = Buffer.from('GIF89a\0\0\0\0', 'latin1');
    header.writeUInt16LE(width, 6);
    header.writeUInt16LE(height, 8);
    return `data:image/gif;base64,${Buffer.concat([header, Buffer.alloc(700, 0x21)]).toString('base64')}`;
  };

  it('leaves out a blurred placeholder beside its picture, and an icon', () => {
    // Figma's 20 × 11 placeholder came before the real picture with the same words; the note kept
    // the placeholder, as kilobytes of base64, and dropped the picture as its repeat.
    const markdown = markdownOf(`
      <figure><img src="${png(20, 11)}" alt="The lantern room" width="528" height="297"><img src="/images/lantern-room.png" alt="The lantern room" width="528" height="297"></figure>
      <p><a href="https://share.example/?u=1"><img src="${gif(25, 25)}" alt="Share"></a> The log is kept in the county archive.</p>${PROSE}`);
    expect(markdown).toContain('![The lantern room](https://example.com/images/lantern-room.png)');
    expect(markdown).not.toContain('data:');
    expect(markdown).not.toContain('Share');
  });

  it('keeps an embedded picture of a readable size', () => {
    const chart = png(240, 120);
    const markdown = markdownOf(
      `<p><img src="${chart}" alt="Ships passing the point, by year"></p>${PROSE}`,
    );
    expect(markdown).toContain(`![Ships passing the point, by year](${chart})`);
  });
});

describe('a lazy picture whose address is in a data attribute of its own name', () => {
  it('shows the picture the attribute names, not the placeholder', () => {
    const placeholder =
      "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%20768%20432'%3E%3Crect%20fill='%23f7f7f7'%20/%3E%3C/svg%3E";
    const markdown = markdownOf(`
      <figure><img src="${placeholder}" data-image-loader="https://images.example.com/keepers/log-1868.png" data-image-path="keepers/log-1868.png" data-viewed="false" alt="The log for 1868"></figure>
      <figure><img src="${placeholder}" data-track="lighthouse-gallery" alt="Not loaded"></figure>${PROSE}`);
    expect(markdown).toContain(
      '![The log for 1868](https://images.example.com/keepers/log-1868.png)',
    );
    // No attribute names a picture file: the placeholder is no picture, and nothing is shown.
    expect(markdown).not.toMatch(/Not loaded|lighthouse-gallery|data:/);
  });
});

describe('a lightbox’s full-size copy', () => {
  it('shows the linked thumbnail once, and a picture the page shows again in a block of its own', () => {
    const markdown = markdownOf(`
      <div><a href="/uploads/lantern.jpg"><img src="/uploads/lantern-1280x720.jpg" alt=""></a>
        <img src="/uploads/lantern.jpg" alt=""><div><a><svg aria-hidden="true" viewBox="0 0 10 10"><path d="M0 0L10 10"/></svg></a></div></div>
      ${PROSE}<p><img src="/uploads/lantern.jpg" alt="The lantern again"></p>${PROSE}`);
    expect(markdown).toContain(
      '[![](https://example.com/uploads/lantern-1280x720.jpg)](https://example.com/uploads/lantern.jpg)',
    );
    expect(markdown.match(/\(https:\/\/example\.com\/uploads\/lantern\.jpg\)/g)).toHaveLength(2);
    expect(markdown).toContain('![The lantern again](https://example.com/uploads/lantern.jpg)');
  });
});

describe('section breaks', () => {
  it('writes a paragraph of one repeated mark as a thematic break, and none at either end of the note', () => {
    // News agencies end a story with `___` before its corrections; as text it was `\\_\\_\\_`.
    const markdown = markdownOf(`
      <p>___</p>${PROSE}<p>The corrections follow the log.</p><p>⁂</p>
      <p>_</p><p>-- signed, the keeper</p><p><b>= = =</b></p><hr>`);
    expect(markdown).toContain('archive.\n\n---\n\nThe lighthouse keepers');
    expect(markdown).toContain(
      'The corrections follow the log.\n\n---\n\n\\_\n\n-- signed, the keeper',
    );
    expect(markdown).not.toMatch(/\\_\\_|=|⁂/);
    expect(markdown.endsWith('-- signed, the keeper')).toBe(true);
    expect(micromark(markdown)).toContain('archive.</p>\n<hr />\n<p>The lighthouse keepers');
  });
});

describe('touching emphasis', () => {
  it('writes touching runs of one kind as one, whichever tags set them', () => {
    // Two runs of one delimiter with nothing between them read as something else:
    // `**Keep****ers**` shows its inner stars, `~~old~~~~ route~~` its tildes.
    const markdown = markdownOf(`
      <p>The <b>Keep</b><strong>ers</strong> wrote the <i>light</i><em>house</em> log along the <s>old</s><strike> harbour</strike><del> route</del> every night.</p>`);
    expect(markdown).toContain(
      'The **Keepers** wrote the *lighthouse* log along the ~~old harbour route~~ every night.',
    );
  });
  it('writes runs of one kind a space apart as one, but leaves code spans apart', () => {
    // `**DevTools Fission** **M2**` shows its stars in the middle of what the page shows as one run.
    const markdown = markdownOf(`
      <p><b>Lamp room</b> <strong>M2</strong> was <em>Call Me</em>
        <i>by Your Name</i> in the log; run <code>wind</code> <code>--gust</code> to read it.</p>`);
    expect(markdown).toContain(
      '**Lamp room M2** was *Call Me by Your Name* in the log; run `wind` `--gust` to read it.',
    );
  });
  it('writes emphasis inside emphasis of the same kind once', () => {
    // Editors wrap again what is already bold: the page shows one bold run, and "****" in the
    // Markdown would show its stars in any editor that does not render it.
    const markdown = markdownOf(`
      <p><strong><strong>Watch next</strong></strong></p>
      <p>The <i>keepers' <em>own</em> log</i> and the <b>lamp <a href="https://keepers.example/lamp"><strong>room</strong></a></b> survive, <em>with <strong>its</strong> lens</em>.</p>`);
    expect(markdown).toContain('**Watch next**');
    expect(markdown).not.toContain('****');
    expect(markdown).toContain(
      "The *keepers' own log* and the **lamp [room](https://keepers.example/lamp)** survive, *with **its** lens*.",
    );
    expect(micromark(markdown)).toContain('<strong>Watch next</strong>');
  });
  it('writes a bold sentence with an italic phrase as one bold run', () => {
    // Rich-text editors write the italic phrase as `<i><strong>…</strong></i>` between two bold
    // runs: `**the** ***direction*** **is**` shows its stars three times in the middle of a sentence.
    const markdown = markdownOf(`
      <p>As logged: <strong>In the keepers' ontology, the </strong><i><strong>direction of the beam</strong></i><strong> is set by the lens.</strong></p>
      <p>Not beside bold: <i><strong>alone</strong></i>, and <em>slanted </em><em><strong>and heavy</strong></em>.</p>`);
    expect(markdown).toContain(
      "As logged: **In the keepers' ontology, the *direction of the beam* is set by the lens.**",
    );
    expect(markdown).toContain('Not beside bold: ***alone***, and *slanted **and heavy***.');
    expect(micromark(markdown)).toContain(
      "<strong>In the keepers' ontology, the <em>direction of the beam</em> is set by the lens.</strong>",
    );
  });
  it('closes emphasis before a line break that ends it, not on the next line', () => {
    // `<strong>INSIGHT]<br></strong>` wrote `**INSIGHT]\` and the closing stars opened the next line.
    const markdown = markdownOf(`
      <p>Read next: <a href="https://keepers.example/fog">Fog horns of the coast</a> [<strong>INSIGHT]<br></strong><a href="https://keepers.example/wreck">The wreck of 1868</a> [<em><strong>VIDEO]<br></strong></em><a href="https://keepers.example/oil">Lamp oil</a><strong><br>ARCHIVE</strong></p>`);
    expect(markdown).toContain(
      'Read next: [Fog horns of the coast](https://keepers.example/fog) [**INSIGHT]**\\\n[The wreck of 1868](https://keepers.example/wreck) [***VIDEO]***\\\n[Lamp oil](https://keepers.example/oil)\\\n**ARCHIVE**',
    );
    const html = micromark(markdown);
    expect(html).toContain(
      '<strong>INSIGHT]</strong><br />\n<a href="https://keepers.example/wreck">',
    );
    expect(html).not.toMatch(/\*\*/);
  });
  it('ends a link before a line break that ends it, so the link stays a link', () => {
    // A blog's archive list, `<a>August 1868<br></a>`, was written `[August 1868\](…)`.
    const markdown = markdownOf(`
      <p>From the archive: <a href="https://keepers.example/1868/08/">August 1868<br></a><a href="https://keepers.example/1868/09/"><em>September 1868<br></em></a>and the rest.</p>`);
    expect(markdown).toContain(
      'From the archive: [August 1868](https://keepers.example/1868/08/)\\\n[*September 1868*](https://keepers.example/1868/09/)\\\nand the rest.',
    );
    expect(micromark(markdown)).toContain(
      '<a href="https://keepers.example/1868/08/">August 1868</a><br />',
    );
  });
  it('writes no backslash for a line break that ends a paragraph or the note', () => {
    // CommonMark shows a backslash that ends a paragraph as text.
    const markdown = markdownOf(
      `<p>From the archive:</p><a href="https://keepers.example/1868/08/">August 1868<br></a><a href="https://keepers.example/1868/09/">September 1868</a><br>`,
    );
    expect(markdown.endsWith('[September 1868](https://keepers.example/1868/09/)')).toBe(true);
    // Two breaks in a row end a paragraph on the page; the first was left as a backslash.
    const twice = markdownOf('<p><strong>Trim the wick</strong><br><br>Then light the lamp.</p>');
    expect(twice).toContain('**Trim the wick**\n\nThen light the lamp.');
  });

  it('keeps the paragraphs two breaks part inside a quote, in the quote', () => {
    // Full-page mode (no Readability to make the breaks paragraphs), and the site modules,
    // which copy a comment's text as it is: the emptied line lost its `>` and ended the quote.
    const result = clipDocument(
      pageFromHtml(
        `<!DOCTYPE html><html lang="en"><head><title>Notes from the coast</title></head><body>
        ${PROSE}<blockquote>The lamp failed at two.<br>\n<br>\nWe lit the spare by three.</blockquote></body></html>`,
      ),
      { mode: 'full-page' },
    );
    if (!result.ok) throw new Error(result.error.code);
    expect(result.clip.markdown).toContain(
      '> The lamp failed at two.\n>\n> We lit the spare by three.',
    );
  });
  it('moves punctuation at the edge of emphasis out where a word touches it', () => {
    // CommonMark cannot close `**` after punctuation before a letter, nor open it before
    // punctuation after one: the stars showed and nothing was bold.
    const markdown = markdownOf(`
      <p>The keeper wrote. <strong>"</strong>The lamp failed at two," and <em>The Light of Night “</em>should have lasted.</p>
      <p>She kept the log in print<strong>,”</strong> she said, <strong>Note:</strong>oil first, and <em>(always)</em> wicks.</p>`);
    expect(markdown).toContain(
      'The keeper wrote. "The lamp failed at two," and *The Light of Night* “should have lasted.',
    );
    expect(markdown).toContain(
      'She kept the log in print,” she said, **Note**:oil first, and *(always)* wicks.',
    );
    const html = micromark(markdown);
    expect(html).toContain('<em>The Light of Night</em> “should');
    expect(html).toContain('<strong>Note</strong>:oil');
    expect(html).not.toMatch(/\*/);
  });
  it('writes a heading that is bold from end to end without stars, and keeps bold over part of one', () => {
    // A heading is bold already: `### **Meal 1**` is stars in the Markdown and in the heading's
    // link name in a notes app, and nothing a reader sees.
    const markdown = markdownOf(`
      <h2><strong>The <a href="https://keepers.example/log">night log</a></strong></h2>${PROSE}
      <h3><b>Lamp</b> <strong>room</strong></h3>${PROSE}
      <h3>1. <strong>The lens</strong></h3>${PROSE}
      <h3><strong>Oil</strong> <em>and wicks</em></h3>${PROSE}`);
    expect(markdown).toContain('## The [night log](https://keepers.example/log)\n');
    expect(markdown).toContain('### Lamp room\n');
    expect(markdown).toContain('### 1. **The lens**\n');
    expect(markdown).toContain('### **Oil** *and wicks*\n');
    expect(micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] })).toContain(
      '<h3>Lamp room</h3>',
    );
  });
});

describe('an image description a page wrote as markup', () => {
  it('keeps its words and leaves out its tags', () => {
    const markdown = markdownOf(`
      <figure><img src="https://coast.example/lamp.jpg" alt='The lamp room at dusk.<br><small>Photo by <a href="https://photos.example/ricardo">Ricardo</a></small>'></figure>
      <p><img src="https://coast.example/log.jpg" alt='<span style="font-size:13px;">The 1887 log</span>'> The log of 1887.</p>
      <p><img src="https://coast.example/bad.jpg" alt='Keeper <a title="x" onerror="alert(1)"'> Unclosed.</p>`);
    expect(markdown).toContain(
      '![The lamp room at dusk. Photo by Ricardo](https://coast.example/lamp.jpg)',
    );
    expect(markdown).toContain('![The 1887 log](https://coast.example/log.jpg)');
    const html = micromark(markdown);
    expect(html).toContain('alt="The lamp room at dusk. Photo by Ricardo"');
    // What is no whole tag stays the page's words, escaped: never markup in the note.
    expect(html).toContain('alt="Keeper &lt;a title=&quot;x&quot; onerror=&quot;alert(1)&quot;"');
  });
});

describe('a picture that opens a caption line', () => {
  it('starts the line, one space before the words after it', () => {
    // News sites wrap a lead picture and its credit in styling spans, with the markup's line
    // breaks between them and a screen-reader label ("Image copyright") taken out: the note
    // opened "  ![Lamp room](…)   Coastguard Archive", indented, with a run of spaces inside.
    const markdown = articleMarkdown(
      `<!DOCTYPE html><html lang="en"><head><title>Notes from the coast</title></head>
      <body><article>
        <figure class="lead">
          <span class="image-and-copyright">
            <img src="https://coast.example/lamp.jpg" alt="Lamp room">
            <span class="off-screen" style="position:absolute;clip:rect(0 0 0 0)">Image copyright</span>
            <span class="copyright">Coastguard Archive</span>
          </span>
        </figure>
        ${PROSE}
        <p><em><img src="https://coast.example/log.jpg" alt="The log">
          <small>The 1887 log, open at March.</small></em></p>
        ${PROSE}
      </article></body></html>`,
    );
    expect(
      markdown.startsWith('![Lamp room](https://coast.example/lamp.jpg) Coastguard Archive\n'),
    ).toBe(true);
    expect(markdown).toContain(
      '\n![The log](https://coast.example/log.jpg) *The 1887 log, open at March.*\n',
    );
    expect(micromark(markdown)).toContain(
      '<p><img src="https://coast.example/lamp.jpg" alt="Lamp room" /> Coastguard Archive</p>',
    );
  });
});

describe('links around blocks', () => {
  it('keeps cards in a row apart', () => {
    // A card is a link around blocks; turndown drops the space after a block, and two cards
    // read "…Fetch the data](/groq)[Image styling…" as one run of words.
    const markdown = markdownOf(`
      <div class="cards">
        <a href="https://coast.example/lamps"><div><p>Lamps</p><p>How the lamps were lit</p></div></a>
        <a href="https://coast.example/logs"><div><p>Logs</p><p>What the keepers wrote</p></div></a>
      </div>
      <p>Read <a href="https://coast.example/a">one</a><a href="https://coast.example/b">two</a>, as printed.</p>`);
    expect(markdown).toContain(
      '[Lamps How the lamps were lit](https://coast.example/lamps) [Logs What the keepers wrote](https://coast.example/logs)',
    );
    // Links in a sentence are written as the page runs them.
    expect(markdown).toContain(
      'Read [one](https://coast.example/a)[two](https://coast.example/b), as printed.',
    );
  });
});

describe('cards with a title', () => {
  it('writes the title as a linked heading and the summary as a paragraph of its own', () => {
    // A card (a link around a picture, a heading and a summary) was one link whose text ran
    // the title into the summary, `[Lamps How the lamps were lit](…)`, and lost the heading.
    const markdown = markdownOf(`
      <h2>Further reading</h2>
      <a href="https://coast.example/lamps"><img src="https://coast.example/lamp.jpg" alt="A lamp">
        <h3>Lamps of the point</h3><p>How the keepers lit the lamps, and with what oil.</p></a>
      <a href="https://coast.example/logs"><div><h3>Logs</h3><p>What the keepers wrote.</p></div></a>`);
    const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    expect(html).toContain(
      '<h3><a href="https://coast.example/lamps">Lamps of the point</a></h3>\n<p>How the keepers lit the lamps, and with what oil.</p>',
    );
    expect(html).toContain(
      '<h3><a href="https://coast.example/logs">Logs</a></h3>\n<p>What the keepers wrote.</p>',
    );
    expect(html).toContain('<img src="https://coast.example/lamp.jpg" alt="A lamp" />');
  });

  it('leaves a link that is only its heading a link (a list of story titles)', () => {
    const markdown = markdownOf(`
      <h2>More from the coast</h2>
      <ul><li><a href="https://coast.example/lamps"><h3>Lamps of the point</h3></a></li>
      <li><a href="https://coast.example/logs"><h3>Logs of the point</h3></a></li></ul>`);
    expect(markdown).toContain('- [Lamps of the point](https://coast.example/lamps)');
    expect(markdown).not.toContain('#');
  });
});

describe("Bootstrap's alerts", () => {
  it('writes a coloured alert as a callout, and leaves one that can be closed, or no colour, as text', () => {
    const markdown = markdownOf(`
      <div class="alert alert-warning" role="alert"><h4 class="alert-heading">Low tide</h4><p>The path floods at high tide.</p></div>
      <div class="alert alert-secondary">Bring a torch.</div>
      <div class="alert alert-info alert-dismissible" role="alert">The archive is closed on Mondays.<button class="btn-close"></button></div>
      <div class="alert">Saved.</div>`);
    expect(markdown).toContain('> [!warning] Low tide\n> The path floods at high tide.');
    expect(markdown).toContain('> [!note]\n> Bring a torch.');
    expect(markdown).toMatch(/^The archive is closed on Mondays\.$/m);
    expect(markdown).toMatch(/^Saved\.$/m);
  });
});

describe("docs themes' callouts", () => {
  it("writes Starlight's asides as callouts, titled by their label where the title is hidden", () => {
    // Readability drops every aside: these were lost whole, title and text.
    const markdown = markdownOf(`
      <aside aria-label="Before you climb" class="starlight-aside starlight-aside--caution"><p class="starlight-aside__title" aria-hidden="true"><svg class="starlight-aside__icon" viewBox="0 0 24 24" width="16" height="16"><path d="M12 2L1 21h22L12 2Z"/></svg>Before you climb</p><div class="starlight-aside__content"><p>The stair has 217 steps and no rail.</p></div></aside>
      <p>The lamp room is at the top, under the lantern.</p>
      <aside aria-label="Note" class="starlight-aside starlight-aside--note"><p class="starlight-aside__title" aria-hidden="true">Note</p><div class="starlight-aside__content"><p>Visits stop in winter.</p></div></aside>`);
    expect(markdown).toContain(
      '> [!caution] Before you climb\n> The stair has 217 steps and no rail.',
    );
    expect(markdown).toContain('> [!note] Note\n> Visits stop in winter.');
  });

  it("writes Ghost's callout cards as callouts headed by their emoji", () => {
    // Before: the emoji on a line of its own over a loose paragraph, nothing set apart.
    const markdown = markdownOf(`
      <p>We moved every job to the queue in eleven weeks, not three.</p>
      <div class="kg-card kg-callout-card kg-callout-card-yellow"><div class="kg-callout-emoji">💡</div><div class="kg-callout-text"><b><strong style="white-space: pre-wrap;">TL;DR</strong></b><span style="white-space: pre-wrap;"> — the queue cut missed runs to zero.</span></div></div>
      <p>The old cron host is gone.</p>`);
    expect(markdown).toContain('> [!note] 💡\n> **TL;DR** — the queue cut missed runs to zero.');
  });

  it("writes Quarto's callouts, titled or not, and a site's own callout-<type> box, as callouts", () => {
    const quarto = (type: string, header: string, body: string) =>
      `<div class="callout callout-style-default callout-${type}${header ? ' callout-titled' : ''}">${header}<div class="callout-body-container callout-body"><p>${body}</p></div></div>`;
    const header = (title: string) =>
      `<div class="callout-header d-flex align-content-center"><div class="callout-icon-container"><i class="callout-icon"></i></div><div class="callout-title-container flex-fill"><span class="screen-reader-only">Warning</span>${title}</div></div>`;
    const markdown = markdownOf(`
      ${quarto('warning', header('Mind the tide'), 'The causeway floods twice a day.')}
      <p>The path to the point runs along the shore.</p>
      <div class="callout callout-style-default callout-tip"><div class="callout-body d-flex"><div class="callout-icon-container"><i class="callout-icon"></i></div><div class="callout-body-container callout-body"><p>Bring a torch.</p></div></div></div>
      <p>The keeper's house is now a museum.</p>
      ${quarto('task', header('Try it'), 'Count the steps on the way up.')}
      <p>The museum opens at ten.</p>
      <aside class="callout callout-tip"><div class="callout-indicator"><span class="callout-title">Tip</span></div><div class="callout-content"><p>Tickets are cheaper online.</p></div></aside>
      <p>The lantern was last changed in 1962.</p>
      <div class="callout"><p>“The sea is always the same colour as the sky,” the last keeper said.</p></div>`);
    expect(markdown).toContain('> [!warning] Mind the tide\n> The causeway floods twice a day.');
    expect(markdown).toContain('> [!tip]\n> Bring a torch.');
    expect(markdown).toContain('> [!note] Try it\n> Count the steps on the way up.');
    expect(markdown).toContain('> [!tip] Tip\n> Tickets are cheaper online.');
    // A box that names no type is some site's own (a pull quote here): it stays text.
    expect(markdown).toMatch(
      /^“The sea is always the same colour as the sky,” the last keeper said\.$/m,
    );
  });

  it("writes MkDocs Material's collapsible blocks as folded callouts, and leaves a page's own fold", () => {
    const markdown = markdownOf(`
      <details class="warning"><summary>Mind the tide</summary><p>The causeway floods twice a day.</p></details>
      <p>The path to the point runs along the shore.</p>
      <details class="tip" open="open"><summary>Bring a torch</summary><p>The stair is dark after six.</p></details>
      <p>The keeper's house is now a museum.</p>
      <details><summary>The full log</summary><p>Ships counted in 1887: 412.</p></details>`);
    expect(markdown).toContain('> [!warning]- Mind the tide\n> The causeway floods twice a day.');
    expect(markdown).toContain('> [!tip]+ Bring a torch\n> The stair is dark after six.');
    expect(markdown).not.toMatch(/\[!\w+\][-+]? The full log/);
    expect(markdown).toContain('Ships counted in 1887: 412.');
  });

  it('keeps a callout a callout when Readability chooses it as its block', () => {
    // Readability renames the block it picks to a div when it is no div, paragraph, list or
    // section: a callout holding the page's best-scored paragraph lost its quote marks.
    const markdown = markdownOf(
      `<div class="callout callout-note"><div class="callout-body"><div class="callout-body-container"><p>The causeway floods twice a day.</p></div></div></div>${PROSE.replace('keepers', 'wardens')}`,
    );
    expect(markdown).toContain(
      'archive.\n\n> [!note]\n> The causeway floods twice a day.\n\nThe lighthouse wardens',
    );
  });
});

describe('tabs', () => {
  const command = (tool: string) =>
    `<div class="language-bash codeBlockContainer"><pre class="prism-code language-bash"><code>${tool} add lamp-log</code></pre></div>`;

  it('writes every panel under its tab’s name, hidden ones too, without the row of names (Docusaurus)', () => {
    const markdown =
      markdownOf(`<h2 id="install">Install</h2><p>Add the log to your project with the package manager you use.</p>
      <div class="tabs-container"><ul role="tablist" class="tabs"><li role="tab" aria-selected="true" tabindex="0">npm</li><li role="tab" aria-selected="false" tabindex="-1">Yarn</li><li role="tab" aria-selected="false" tabindex="-1">pnpm</li></ul>
      <div class="margin-top--md"><div role="tabpanel">${command('npm')}</div><div role="tabpanel" hidden>${command('yarn')}</div><div role="tabpanel" hidden>${command('pnpm')}</div></div></div>
      <p>Then open the lamp room and start the log.</p>`);
    expect(markdown).toContain(
      '**npm**\n\n```bash\nnpm add lamp-log\n```\n\n**Yarn**\n\n```bash\nyarn add lamp-log\n```\n\n**pnpm**\n\n```bash\npnpm add lamp-log\n```',
    );
    expect(markdown).not.toMatch(/^- (?:npm|Yarn)/m);
  });

  it('pairs tabs by aria-controls, and by order when the tabs are links (Starlight)', () => {
    const markdown = markdownOf(`<p>The lamp burns either oil; each has its own steps.</p>
      <div><div role="tablist"><button role="tab" aria-controls="p-kerosene" aria-selected="false">Kerosene</button><button role="tab" aria-controls="p-colza" aria-selected="true">Colza</button></div></div>
      <div id="p-colza" role="tabpanel"><p>Warm the colza oil before the winter nights, or it thickens in the reservoir.</p></div>
      <div id="p-kerosene" role="tabpanel" hidden><p>Kerosene needs a smaller wick and a taller chimney than colza did.</p></div>
      <starlight-tabs><div class="tablist-wrapper not-content"><ul role="tablist"><li role="presentation"><a role="tab" href="#tab-panel-0" id="tab-0" aria-selected="true">Summer</a></li><li role="presentation"><a role="tab" href="#tab-panel-1" id="tab-1" aria-selected="false" tabindex="-1">Winter</a></li></ul></div>
      <div id="tab-panel-0" aria-labelledby="tab-0" role="tabpanel"><p>In summer the lamp is lit at nine and put out at five.</p></div>
      <div id="tab-panel-1" aria-labelledby="tab-1" role="tabpanel" hidden><p>In winter the lamp is lit at four and burns for sixteen hours.</p></div></starlight-tabs>`);
    expect(markdown).toContain('**Kerosene**\n\nKerosene needs a smaller wick');
    expect(markdown).toContain('**Colza**\n\nWarm the colza oil');
    expect(markdown).toContain('**Summer**\n\nIn summer the lamp');
    expect(markdown).toContain('**Winter**\n\nIn winter the lamp');
    expect(markdown).not.toMatch(/\[Summer\]|\[Winter\]|^- Summer/m);
  });

  it("writes MkDocs Material's content tabs, in both of pymdownx's markups, each block under its label", () => {
    const markdown = markdownOf(`<p>Each keeper's duty differs by the season:</p>
      <div class="tabbed-set tabbed-alternate" data-tabs="1:2"><input checked="checked" id="__tabbed_1_1" name="__tabbed_1" type="radio"><input id="__tabbed_1_2" name="__tabbed_1" type="radio">
      <div class="tabbed-labels"><label for="__tabbed_1_1">Summer duty</label><label for="__tabbed_1_2">Winter duty</label></div>
      <div class="tabbed-content"><div class="tabbed-block"><p>Light the lamp at nine and wind the clockwork every four hours.</p></div><div class="tabbed-block"><p>Light the lamp at four and keep the stove going in the watch room.</p></div></div></div>
      <p>And by the weather:</p>
      <div class="tabbed-set" data-tabs="2:2"><input checked="checked" id="__tabbed_2_1" name="__tabbed_2" type="radio"><label for="__tabbed_2_1">Fog</label><div class="tabbed-content"><p>Sound the horn twice a minute until the fog lifts.</p></div>
      <input id="__tabbed_2_2" name="__tabbed_2" type="radio"><label for="__tabbed_2_2">Storm</label><div class="tabbed-content"><p>Check the storm panes every hour through the night.</p></div></div>`);
    expect(markdown).toContain('**Summer duty**\n\nLight the lamp at nine');
    expect(markdown).toContain('**Winter duty**\n\nLight the lamp at four');
    expect(markdown).toContain('**Fog**\n\nSound the horn');
    expect(markdown).toContain('**Storm**\n\nCheck the storm panes');
    expect(markdown).not.toContain('Summer dutyWinter duty');
  });

  it('names the one panel a page renders by its selected tab, and leaves a row it cannot pair', () => {
    const markdown = markdownOf(`<p>The keepers wrote in two languages over the years.</p>
      <div><div role="tablist"><button role="tab" aria-selected="false">English</button><button role="tab" aria-selected="true">Welsh</button></div>
      <div role="tabpanel"><p>Cadwyd y golau ynghyn bob nos o’r flwyddyn, ym mhob tywydd.</p></div></div>
      <p>The seasons of the log, as the archive shows them:</p>
      <div><div role="tablist"><button role="tab" aria-selected="true">Spring</button><button role="tab">Summer</button><button role="tab">Autumn</button></div>
      <div role="tabpanel"><p>Spring storms kept the keepers at the lamp through the night.</p></div><div role="tabpanel" hidden><p>Summer brought the supply ship every second week.</p></div></div>`);
    expect(markdown).toContain('**Welsh**\n\nCadwyd y golau');
    expect(markdown).not.toContain('English');
    // Three tabs over two panels: which panel is whose is a guess, so the page's row stays.
    expect(markdown).not.toContain('**Spring**');
    expect(markdown).toContain('Summer brought the supply ship');
  });
});

describe('a number drawn over a picture', () => {
  it('leaves a gallery count out and keeps numbers that say something', () => {
    // The Sun draws each gallery's picture count over its lead picture: the note had a paragraph
    // "6" between every picture and its caption.
    const markdown = markdownOf(`
      <figure><div class="media"><a href="#"><img src="https://coast.example/lamp.jpg" alt="The lamp room"></a><div class="gallery-count"><span>6</span></div></div>
        <figcaption><span>The lamp room at dusk.</span> <span>Credit: 1887 Society</span></figcaption></figure>
      <figure><img src="https://coast.example/log.jpg" alt="The log"><div class="slide">2 / 12</div><figcaption>12</figcaption></figure>
      <figure><img src="https://coast.example/tides.png" alt="Tides"><table><tr><th>Hour</th><th>Height</th></tr><tr><td>1</td><td>4</td></tr></table></figure>`);
    expect(markdown).toContain(
      '![The lamp room](https://coast.example/lamp.jpg)\n\nThe lamp room at dusk. Credit: 1887 Society',
    );
    expect(markdown).not.toMatch(/^6$/m);
    expect(markdown).not.toContain('2 / 12');
    // The caption's own number stays, and so do a table's.
    expect(markdown).toMatch(/^12$/m);
    expect(markdown).toContain('| 1 | 4 |');
  });
});

describe('lists nested as the page draws them', () => {
  const rendered = (markdown: string) =>
    micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] }).replace(/\n/g, '');

  it('puts a list that sits straight inside a list into the item before it', () => {
    // What older rich-text editors write, and browsers indent under the item.
    const markdown = markdownOf(`
      <p>What the keepers did each evening, in order:</p>
      <ol><li>Trimmed the wick</li><ul><li>with the short scissors</li><li>never the long ones</li></ul><li>Lit the lamp</li><li>Wrote the log</li></ol>
      <ul><ul><li>A list that opens a list, with no item before it, keeps its items.</li></ul><li>Last</li></ul>`);
    expect(rendered(markdown)).toContain(
      '<ol><li>Trimmed the wick<ul><li>with the short scissors</li><li>never the long ones</li></ul></li><li>Lit the lamp</li><li>Wrote the log</li></ol>',
    );
    expect(markdown).toContain('2. Lit the lamp\n3. Wrote the log');
    expect(markdown).toContain(
      'A list that opens a list, with no item before it, keeps its items.',
    );
  });

  it("nests flat lists by the indent their own sheet's classes give, as a published Google Doc sets them", () => {
    const markdown = markdownOf(`
      <style type="text/css">ul.lst-kix_a-0{list-style-type:none}.lst-kix_b-0>li:before{content:"" counter(lst-ctn-kix_b-0,decimal) ". "}.c2{margin-left:36pt;padding-left:0pt}.c3{margin-left:72pt;padding-left:0pt}.c4{margin-left:108pt;padding-left:0pt}.c5{padding:0;margin:0}</style>
      <ul class="c5 lst-kix_a-0 start"><li class="c1 c2 li-bullet-0"><span>Lamp oil</span></li></ul>
      <ul class="c5 lst-kix_a-1 start"><li class="c1 c3 li-bullet-0"><span>two casks</span></li><li class="c1 c3 li-bullet-0"><span>one spare</span></li></ul>
      <ul class="c5 lst-kix_a-2 start"><li class="c1 c4 li-bullet-0"><span>sealed</span></li></ul>
      <ul class="c5 lst-kix_a-0"><li class="c1 c2 li-bullet-0"><span>Bread</span></li></ul>
      <p>The watch, hour by hour:</p>
      <ol class="c5 lst-kix_b-0 start" start="1"><li class="c1 c2 li-bullet-0"><span>Dusk</span></li></ol>
      <ol class="c5 lst-kix_b-1 start" start="1"><li class="c1 c3 li-bullet-0"><span>light the lamp</span></li></ol>
      <ol class="c5 lst-kix_b-0"><li class="c1 c2 li-bullet-0"><span>Midnight</span></li><li class="c1 c2 li-bullet-0"><span>Dawn</span></li></ol>`);
    expect(rendered(markdown)).toContain(
      '<ul><li>Lamp oil<ul><li>two casks</li><li>one spare<ul><li>sealed</li></ul></li></ul></li><li>Bread</li></ul>',
    );
    // The numbered list goes on counting after its sub-list, as the page's counters do.
    expect(rendered(markdown)).toContain(
      '<ol><li>Dusk<ol><li>light the lamp</li></ol></li><li>Midnight</li><li>Dawn</li></ol>',
    );
  });

  it('nests by an inline indent too, and leaves lists side by side at one indent as they are', () => {
    const markdown = markdownOf(`
      <ul><li>Harbour wall</li></ul>
      <ul style="margin-left: 40px"><li>north end</li></ul>
      <ul><li style="margin-left: 0.5in">south end</li></ul>
      <p>Two lists the page set side by side:</p>
      <ul class="tide"><li>High water</li></ul>
      <ol class="tide"><li>Low water</li></ol>`);
    expect(rendered(markdown)).toContain(
      '<ul><li>Harbour wall<ul><li>north end</li><li>south end</li></ul></li></ul>',
    );
    expect(rendered(markdown)).toContain('<ul><li>High water</li></ul><ol><li>Low water</li></ol>');
  });

  it("nests one flat list by each item's level: Quill's and Draft.js's classes, an inline indent", () => {
    const markdown = markdownOf(`
      <div class="ql-editor" contenteditable="false">
      <ol><li>Plan the copy</li><li class="ql-indent-1">check the disks</li><li class="ql-indent-2">both of them</li><li class="ql-indent-1">book the window</li><li>Copy the data</li></ol>
      </div>
      <ul class="public-DraftStyleDefault-ul"><li class="public-DraftStyleDefault-unorderedListItem public-DraftStyleDefault-depth0"><div><span>North pier</span></div></li><li class="public-DraftStyleDefault-unorderedListItem public-DraftStyleDefault-depth1"><div><span>the lamp</span></div></li></ul>
      <p>Contents:</p>
      <ul><li style="padding-left: 0">Tides</li><li style="padding-left: 24px">Spring tides</li><li style="padding-left: 24px">Neap tides</li></ul>
      <p>And a list that only sets an indent:</p>
      <ul><li style="margin-left: 10px">Side by side</li><li style="margin-left: 10px">at one indent</li></ul>`);
    expect(rendered(markdown)).toContain(
      '<ol><li>Plan the copy<ol><li>check the disks<ol><li>both of them</li></ol></li><li>book the window</li></ol></li><li>Copy the data</li></ol>',
    );
    expect(rendered(markdown)).toContain('<ul><li>North pier<ul><li>the lamp</li></ul></li></ul>');
    expect(rendered(markdown)).toContain(
      '<ul><li>Tides<ul><li>Spring tides</li><li>Neap tides</li></ul></li></ul>',
    );
    expect(rendered(markdown)).toContain('<ul><li>Side by side</li><li>at one indent</li></ul>');
  });

  it("writes Quill 2's lists as what each item says it is: bullets, numbers, tasks", () => {
    // Quill 2 writes every list as an <ol>; each item's data-list says what it is.
    const ui = '<span class="ql-ui" contenteditable="false"></span>';
    const markdown = markdownOf(`
      <div class="ql-editor" contenteditable="false"><ol start="1">
      <li data-list="bullet">${ui}Apples</li><li data-list="bullet" class="ql-indent-1">${ui}green ones</li>
      <li data-list="ordered">${ui}Wash them</li><li data-list="ordered">${ui}Slice them</li>
      <li data-list="checked">${ui}Bought flour</li><li data-list="unchecked">${ui}Heat the oven</li>
      </ol></div>`);
    expect(rendered(markdown)).toContain('<ul><li>Apples<ul><li>green ones</li></ul></li></ul>');
    expect(rendered(markdown)).toContain('<ol><li>Wash them</li><li>Slice them</li></ol>');
    expect(markdown).toContain('- [x] Bought flour\n- [ ] Heat the oven');
  });
});

describe('lists side by side', () => {
  const rendered = (markdown: string) =>
    micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] }).replace(/\n/g, '');

  it('stay apart, and a second numbered list counts from its own start', () => {
    // In Markdown two lists of one kind with only a blank line between them are one list.
    const markdown = markdownOf(`
      <ul><li>Lamp oil</li><li>Wicks</li></ul>
      <ul><li>Bread</li></ul>
      <!-- a comment between changes nothing -->
      <ul><li>Candles</li></ul>
      <p>The watch:</p>
      <ol><li>Dusk</li><li>Midnight</li></ol>
      <ol start="1"><li>Light the lamp</li><li>Wind the clock</li></ol>`);
    expect(rendered(markdown)).toContain(
      '<ul><li>Lamp oil</li><li>Wicks</li></ul><ul><li>Bread</li></ul><ul><li>Candles</li></ul>',
    );
    expect(rendered(markdown)).toContain(
      '<ol><li>Dusk</li><li>Midnight</li></ol><ol><li>Light the lamp</li><li>Wind the clock</li></ol>',
    );
  });
});

describe('list items that show nothing', () => {
  const rendered = (markdown: string) =>
    micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] }).replace(/\n/g, '');

  it('leave no bare marker and no gap in the count; an item holding only a picture stays', () => {
    // A blank item, icon links whose picture is the stylesheet's or an inline SVG (which the
    // note leaves out), a spacer around a break.
    const markdown = markdownOf(`
      <p>The ships the keepers logged in the great storm of the winter, in the order they passed:</p>
      <ol><li> </li><li>The Mary Ellen, a collier bound for the south with a broken mast</li>
      <li><a href="https://ships.example/iris"><span class="icon"></span></a></li>
      <li><a href="https://social.example/share"><svg viewBox="0 0 8 8"><path d="M0 0h8v8H0z"/></svg></a></li>
      <li>The Iris, a pilot cutter that came in under bare poles at first light</li><li><br></li></ol>
      <p>The buoy that marked the wreck of the Iris, as the keepers drew it in the log:</p>
      <ul><li><img src="https://img.example/buoy.png" alt="The bell buoy"></li></ul>`);
    expect(markdown).toMatch(/^1\. The Mary Ellen/m);
    expect(markdown).toMatch(/^2\. The Iris/m);
    expect(markdown).not.toMatch(/^\s*(?:[-*]|\d+[.)])\s*$/m);
    expect(rendered(markdown)).not.toContain('<li></li>');
    expect(rendered(markdown)).toContain('<li><img src="https://img.example/buoy.png"');
  });
});

describe("Word's list paragraphs as lists", () => {
  const rendered = (markdown: string) =>
    micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] }).replace(/\n/g, '');
  /** An item as Word writes it: its marker in a span Word skips, then no-break spaces. */
  const word = (level: number, marker: string, text: string, font = 'Symbol') =>
    `<p class=MsoListParagraphCxSpMiddle style='margin-left:${level * 0.5}in;text-indent:-.25in;mso-list:l0 level${level} lfo1'><![if !supportLists]><span style='font-family:${font}'><span style='mso-list:Ignore'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>${text}<o:p></o:p></p>\n`;

  it('reads a page saved from Word: its levels, its bullets and its numbers', () => {
    const markdown = markdownOf(`
      ${word(1, '·', 'The lantern')}${word(2, 'o', 'washed with <b>fresh</b> water', 'Courier New')}${word(3, '§', 'and dried', 'Wingdings')}${word(1, '·', 'The fog signal')}
      <p class=MsoNormal>The storm routine:</p>
      ${word(1, '4.', 'Close the shutters')}${word(2, 'a.', 'the lower first')}${word(1, '5.', 'Switch to the battery')}`);
    expect(rendered(markdown)).toContain(
      '<ul><li>The lantern<ul><li>washed with <strong>fresh</strong> water<ul><li>and dried</li></ul></li></ul></li><li>The fog signal</li></ul>',
    );
    // The numbers count on after the sub-list, from the first item's number.
    expect(rendered(markdown)).toContain(
      '<ol start="4"><li>Close the shutters<ol><li>the lower first</li></ol></li><li>Switch to the battery</li></ol>',
    );
    expect(markdown).not.toMatch(/[·§]|^\s*o /m);
  });

  it("reads Word's filtered HTML, which keeps only the class and the marker's text", () => {
    const filtered = (style: string, marker: string, text: string) =>
      `<p class=MsoListParagraphCxSpMiddle style='${style}text-indent:-.25in'><span style='font-family:Symbol'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span>${text}</p>`;
    const markdown = markdownOf(`
      ${filtered('', '·', 'Oil for the lamp')}
      ${filtered('margin-left:1.0in;', 'o', 'two casks')}
      <p class=MsoListParagraphCxSpMiddle style='margin-left:1.0in'>Kept in the north store, away from the stove.</p>
      ${filtered('', '·', 'Bread')}
      <p class=MsoNormal>Para a equipa do porto:</p>
      <p class=MsoListParagraph>o início do turno, às seis horas.</p>`);
    expect(rendered(markdown)).toContain(
      '<ul><li>Oil for the lamp<ul><li><p>two casks</p><p>Kept in the north store, away from the stove.</p></li></ul></li><li>Bread</li></ul>',
    );
    // A paragraph of the class that starts with a word is not an item: "o" is a word too.
    expect(markdown).toContain('o início do turno, às seis horas.');
  });

  it('leaves paragraphs that only start with a number alone on pages not written by Word', () => {
    const markdown = markdownOf(
      '<p>1. The keepers wrote in the log.</p><p>2. The engineer read it.</p>',
    );
    expect(rendered(markdown)).not.toContain('<ol>');
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

  it('reads a grid that never sets two texts side by side as its text', () => {
    // Hacker News indents a comment with a one-row table: a spacer image, a vote arrow, the
    // comment. As a GFM table the comment was squeezed into a cell with its paragraphs as <br>.
    // Whole-page clips (and a discussion the generic engine reads whole) keep such tables.
    const page = (table: string) =>
      pageFromHtml(`<!DOCTYPE html><html lang="en"><head><title>Notes from the coast</title></head>
      <body><h1>Notes from the coast</h1>${PROSE}${table}</body></html>`);
    const clip = (table: string) => {
      const result = clipDocument(page(table), { mode: 'full-page' });
      if (!result.ok) throw new Error(`Expected a clip, got ${result.error.kind}`);
      return result.clip.markdown;
    };
    const markdown = clip(`
      <table><tbody><tr>
        <td class="ind"><img src="s.gif" height="1" width="40"></td>
        <td class="votelinks"><a href="vote?id=7"><div class="votearrow"></div></a></td>
        <td class="default"><span class="comhead"><a href="user?id=ann">ann</a> 2 hours ago</span>
          <div class="commtext">Keepers logged the weather too.<p>The logs are at the archive.</p></div></td>
      </tr></tbody></table>`);
    expect(markdown).not.toContain('|');
    expect(markdown).toContain('Keepers logged the weather too.\n\nThe logs are at the archive.');
    // Two texts side by side in any row keep it a table.
    const grid = clip(`
      <table><tbody>
        <tr><td><img src="lamp.png" alt=""></td><td>North Point</td></tr>
        <tr><td>1811</td><td>Gull Rock</td></tr>
      </tbody></table>`);
    expect(grid).toContain('| 1811 | Gull Rock |');
  });

  it('reads a page laid out in one table cell as its text, with no table codes showing', () => {
    // An old-style personal site: the whole page in one cell, which Readability renames to a
    // <div> and hands back with its row and cell still inside.
    const markdown =
      articleMarkdown(`<!DOCTYPE html><html lang="en"><head><title>Notes from the coast</title></head>
      <body><table id="layout"><tr><td width="70%"><h1>Welcome</h1>${PROSE}
      <p>Find me at the harbour office, or write to the keepers' society.</p></td></tr></table></body></html>`);
    expect(markdown).toMatch(/^(?:# Welcome\n\n)?The lighthouse keepers kept a log/);
    expect(markdown).toMatch(/keepers' society\.$/);
    expect(markdown).not.toMatch(/\d,\d,[HD]/);
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
    expect(markdown).toContain('$\\left( \\genfrac{}{}{0pt}{}{n}{k} \\right)$');
    expect(markdown).toContain('\\begin{aligned} x & = y \\\\ u & = v \\end{aligned}');
  });
});

describe('MathML fences', () => {
  it('grows fences that MathML stretches, and only those', () => {
    const markdown = markdownOf(`
      <math display="block"><msup><mrow><mo>(</mo><munderover><mo>∑</mo><mi>k</mi><mi>n</mi></munderover><msub><mi>a</mi><mi>k</mi></msub><mo>)</mo></mrow><mn>2</mn></msup></math>
      <p>Written from TeX, <math><mo stretchy="false">(</mo><mi>a</mi><mo stretchy="false">)</mo></math> keeps its plain
      parentheses, <math><mrow><mo>(</mo><mi>a</mi><mo>)</mo><mo>(</mo><mi>b</mi><mo>)</mo></mrow></math> is two groups,
      and the set <math><mrow><mo>{</mo><mi>x</mi><mo>}</mo></mrow></math> keeps its braces, as does
      <math><mfenced open="{" close=""><mi>y</mi></mfenced></math>.</p>`);
    // The square applies to the whole bracket, which is as tall as the sum with its limits.
    expect(markdown).toContain('\\left( \\sum_k^n a_k \\right)^2');
    expect(markdown).toContain('$( a )$');
    expect(markdown).toContain('$( a ) ( b )$');
    expect(markdown).toContain('$\\left\\{ x \\right\\}$');
    expect(markdown).toContain('$\\left\\{ y \\right.$');
  });
});

describe('numbered equations', () => {
  it("keeps a MathJax \\tag as the formula's tag, not a column beside it", () => {
    const markdown = markdownOf(`
      <mjx-container class="MathJax" jax="CHTML" display="true"><mjx-math display="true"></mjx-math>
      <mjx-assistive-mml display="block"><math display="block"><mtable displaystyle="true">
        <mlabeledtr><mtd><mtext>(</mtext><mrow><mo>⋆</mo></mrow><mtext>)</mtext></mtd>
        <mtd><mi>a</mi><mo>=</mo><mi>b</mi><mo>+</mo><mi>c</mi></mtd></mlabeledtr>
      </mtable></math></mjx-assistive-mml></mjx-container>`);
    expect(markdown).toContain('$$\na = b + c \\tag{\\star}\n$$');
    expect(markdown).not.toContain('\\begin{matrix}');
  });

  it('writes an eqnarray (right, centre, left columns) as aligned equations', () => {
    const markdown = markdownOf(`
      <math display="block"><mtable columnalign="right center left">
        <mtr><mtd><mi>x</mi></mtd><mtd><mo>=</mo></mtd><mtd><mi>y</mi></mtd></mtr>
        <mtr><mtd><mi>u</mi></mtd><mtd><mo>=</mo></mtd><mtd><mi>v</mi></mtd></mtr>
      </mtable></math>`);
    expect(markdown).toContain('\\begin{aligned} x & = & y \\\\ u & = & v \\end{aligned}');
  });

  it('takes displayed equations out of the table that numbers them (LaTeXML, arXiv)', () => {
    const markdown = markdownOf(`
      <table class="ltx_equation ltx_eqn_table"><tbody><tr class="ltx_equation ltx_eqn_row">
        <td class="ltx_eqn_cell ltx_eqn_center_padleft"></td>
        <td class="ltx_eqn_cell ltx_align_center"><math alttext="E=mc^{2}" display="block">
          <semantics><mrow><mi>E</mi></mrow><annotation encoding="application/x-tex">E=mc^{2}</annotation></semantics></math></td>
        <td class="ltx_eqn_cell ltx_eqn_center_padright"></td>
        <td class="ltx_eqn_cell ltx_eqn_eqno"><span class="ltx_tag ltx_tag_equation">(1)</span></td>
      </tr></tbody></table>
      <table class="ltx_equationgroup ltx_eqn_table"><tbody><tr class="ltx_equation ltx_eqn_row">
        <td class="ltx_td ltx_align_right"><math alttext="\\displaystyle a" display="inline"><mi>a</mi></math></td>
        <td class="ltx_td ltx_align_left"><math alttext="\\displaystyle=b+c" display="inline"><mi>b</mi></math></td>
        <td class="ltx_eqn_cell ltx_eqn_eqno"><span class="ltx_tag ltx_tag_equation">(2)</span></td>
      </tr></tbody></table>`);
    expect(markdown).toContain('$$\nE=mc^{2} \\tag{1}\n$$');
    expect(markdown).toContain('$$\n\\displaystyle a \\displaystyle=b+c \\tag{2}\n$$');
    expect(markdown).not.toContain('|');
  });

  it('leaves a table of formulas side by side a table', () => {
    const markdown = markdownOf(`
      <table><tbody>
        <tr><td><math alttext="x^{2}"><mi>x</mi></math></td><td><math alttext="2x"><mi>x</mi></math></td></tr>
        <tr><td><math alttext="\\sin x"><mi>x</mi></math></td><td><math alttext="\\cos x"><mi>x</mi></math></td></tr>
      </tbody></table>`);
    expect(markdown).toContain('| $x^{2}$ | $2x$ |');
    expect(markdown).toContain('| $\\sin x$ | $\\cos x$ |');
  });
});

describe('code in table cells', () => {
  it("keeps an API reference's declaration table, its one-line code as a code span", () => {
    const markdown = markdownOf(`
      <table class="t-dcl-begin"><tbody>
        <tr class="t-dsc-header"><td><div>Defined in header <code>&lt;cstddef&gt;</code></div></td><td></td></tr>
        <tr class="t-dcl"><td><div><pre>typedef /* implementation-defined */ size_t;</pre></div></td><td><div>(since C++17)</div></td></tr>
      </tbody></table>`);
    expect(markdown).toContain(
      '| `typedef /* implementation-defined */ size_t;` | (since C++17) |',
    );
    expect(markdown).not.toContain('```');
  });

  it('still lays out a table of several-line code blocks as blocks', () => {
    const markdown = markdownOf(`
      <table><tbody><tr>
        <td><pre>let a = 1;\nlet b = 2;</pre></td><td><pre>const c = 3;\nconst d = 4;</pre></td>
      </tr></tbody></table>`);
    expect(markdown).toContain('```\nlet a = 1;\nlet b = 2;\n```');
    expect(markdown).not.toContain('| ');
  });
});

describe('code from highlighters that keep lines or languages apart', () => {
  it('reads a language named bare on the code block itself (rustdoc, knitr), not on a wrapper', () => {
    const markdown = markdownOf(`
      <div class="example-wrap"><pre class="rust rust-example-rendered"><code><span class="kw">let </span>lamps = <span class="macro">vec!</span>[<span class="number">1</span>, <span class="number">2</span>];</code></pre></div>
      <p>The same count in R, from the archive's notebook:</p>
      <pre class="r"><code class="hljs">lamps &lt;- c(1, 2)</code></pre>
      <p>And the log's raw lines, in a box the site calls go:</p>
      <div class="go"><pre>1887 412 ships</pre></div>`);
    expect(markdown).toContain('```rust\nlet lamps = vec![1, 2];\n```');
    expect(markdown).toContain('```r\nlamps <- c(1, 2)\n```');
    expect(markdown).toContain('```\n1887 412 ships\n```');
  });

  it('keeps a CodeMirror 5 editor as one block, without its line numbers', () => {
    const markdown = markdownOf(`
      <div class="CodeMirror cm-s-default"><div class="CodeMirror-scroll"><div class="CodeMirror-lines">
      <div class="CodeMirror-code">
        <div><div class="CodeMirror-gutter-wrapper"><div class="CodeMirror-linenumber">1</div></div>
          <pre class=" CodeMirror-line "><span><span class="cm-keyword">var</span> a = 1;</span></pre></div>
        <div><div class="CodeMirror-gutter-wrapper"><div class="CodeMirror-linenumber">2</div></div>
          <pre class=" CodeMirror-line "><span>var b = 2;</span></pre></div>
      </div></div></div></div>`);
    expect(markdown).toContain('```\nvar a = 1;\nvar b = 2;\n```');
  });

  it("keeps the language of Rouge's line-numbered table inside pre > code", () => {
    const markdown = markdownOf(`
      <figure class="highlight"><pre><code class="language-ruby" data-lang="ruby"><table class="rouge-table"><tbody><tr>
        <td class="gutter gl"><pre class="lineno">1\n2\n</pre></td>
        <td class="code"><pre><span class="k">def</span> <span class="nf">foo</span>\n  <span class="nb">puts</span> 1\n</pre></td>
      </tr></tbody></table></code></pre></figure>`);
    expect(markdown).toContain('```ruby\ndef foo\n  puts 1\n```');
  });

  it('reads the language of WordPress highlighters (SyntaxHighlighter, Enlighter)', () => {
    const markdown = markdownOf(`
      <div class="syntaxhighlighter php"><table><tbody><tr>
        <td class="gutter"><div class="line number1">1</div><div class="line number2">2</div></td>
        <td class="code"><div class="container">
          <div class="line number1"><code class="php variable">$a</code> <code class="php plain">= 1;</code></div>
          <div class="line number2"><code class="php variable">$b</code> <code class="php plain">= 2;</code></div>
        </div></td></tr></tbody></table></div>
      <p>and the same in Python:</p>
      <pre class="EnlighterJSRAW" data-enlighter-language="python">a = 1\nb = 2</pre>`);
    expect(markdown).toContain('```php\n$a = 1;\n$b = 2;\n```');
    expect(markdown).toContain('```python\na = 1\nb = 2\n```');
  });

  it("drops Crayon's line-number column", () => {
    const markdown = markdownOf(`
      <div class="crayon-syntax crayon-theme-classic"><div class="crayon-main"><table class="crayon-table"><tbody>
        <tr class="crayon-row"><td class="crayon-nums"><div class="crayon-nums-content">
          <div class="crayon-num">1</div><div class="crayon-num">2</div></div></td>
        <td class="crayon-code"><div class="crayon-pre">
          <div class="crayon-line">x = 1</div><div class="crayon-line">y = 2</div></div></td></tr>
      </tbody></table></div></div>`);
    expect(markdown).toContain('```\nx = 1\ny = 2\n```');
    expect(markdown).not.toContain('| ');
  });
});

describe('MathML symbols that compatibility normalisation would flatten', () => {
  it('keeps an ellipsis, number sets and a script l as TeX, not as dots and plain letters', () => {
    const markdown = markdownOf(`
      <p>For every <math><mi>x</mi><mo>∈</mo><mi>ℝ</mi></math> the sum
      <math><mn>1</mn><mo>+</mo><mi>x</mi><mo>+</mo><mo>…</mo></math> runs over
      <math><mi>n</mi><mo>∈</mo><mi>ℕ</mi></math> and the norm
      <math><msub><mi>ℓ</mi><mn>2</mn></msub></math>, with <math><mi>𝑧</mi></math> a plain z.</p>`);
    expect(markdown).toContain('$x \\in \\mathbb{R}$');
    expect(markdown).toContain('$1 + x + \\ldots$');
    expect(markdown).toContain('$n \\in \\mathbb{N}$');
    expect(markdown).toContain('$\\ell_2$');
    expect(markdown).toContain('$z$');
  });
});

describe('MathML scripts on a symbol', () => {
  it('keeps a product with its limits as an operator, not a braced symbol', () => {
    const markdown = markdownOf(`
      <math display="block"><munderover><mo>∏</mo><mrow><mi>j</mi><mo>=</mo><mn>0</mn></mrow><mi mathvariant="normal">∞</mi></munderover><msup><mi>α</mi><mn>2</mn></msup></math>`);
    expect(markdown).toContain('\\prod_{j = 0}^\\infty \\alpha^2');
  });
});

describe('section headings that templates dress up', () => {
  const section = (title: string, id: string) => `<div>
      <a href="#${id}"><div><div><h2 class="Heading Section-header" id="${id}"><span>${title}</span></h2></div></div></a>
      <div><p>The keepers of ${title.toLowerCase()} wrote the weather, the ships and the lamp into their log every evening of the year.</p></div>
    </div>`;

  it('keeps a heading that sits in its own permalink and is classed as a header', () => {
    const markdown = markdownOf(
      `${section('North Point', 'north')}${section('Gull Rock', 'gull')}${section('Low Head', 'low')}`,
    );
    expect(markdown).toContain('## North Point\n\nThe keepers of north point');
    expect(markdown).toContain('## Gull Rock\n\nThe keepers of gull rock');
    expect(markdown).toContain('## Low Head\n\nThe keepers of low head');
    expect(markdown).not.toContain('[');
  });

  it('leaves out a permalink mark in a heading wherever it points', () => {
    const markdown = markdownOf(`<h2 id="sections">2.6. Variables and Sections
      <span><a href="find/?name=sections" title="Permalink">🔗</a></span></h2>
      <p>This section introduces variables and sections, and how the keepers named them.</p>`);
    expect(markdown).toContain('## 2.6. Variables and Sections\n');
    expect(markdown).not.toContain('🔗');
  });

  it('keeps a heading whose permalink sits beside it in a block of their own (GitHub, Starlight)', () => {
    // Readability's conditional cleaning (on from its first attempt, which keeps an article of
    // some length) read each such block as a short one holding a link, and dropped it: a README
    // or a Starlight page lost every section heading.
    const github = (title: string, id: string) =>
      `<div class="markdown-heading" dir="auto"><h2 tabindex="-1" class="heading-element" dir="auto">${title}</h2><a id="user-content-${id}" class="anchor" aria-label="Permalink: ${title}" href="#${id}"><svg class="octicon octicon-link" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="m7.775 3.275"></path></svg></a></div>`;
    const starlight = (title: string, id: string) =>
      `<div class="sl-heading-wrapper level-h2"><h2 id="${id}">${title}</h2><a class="sl-anchor-link" href="#${id}"><span aria-hidden="true" class="sl-anchor-icon"><svg width="16" height="16" viewBox="0 0 24 24"><path d="m12.11 15.39-3.88 3.88"/></svg></span><span class="sr-only">Section titled “${title}”</span></a></div>`;
    const paragraph = (what: string) =>
      `<p>The keepers of ${what} wrote the weather, the ships that passed, the state of the sea and the hour into their log every evening; the logs now fill a room of the county archive.</p>`;
    // Each page's own frame: the rendered Markdown in a block of its own under the title.
    const page = (frame: string, body: string) =>
      articleMarkdown(
        `<!DOCTYPE html><html lang="en"><head><title>Lighthouses</title></head><body><main><h1>Lighthouses</h1>${frame.replace('><', `>${body}<`)}</main></body></html>`,
      );
    for (const [wrap, frame] of [
      [
        github,
        '<article class="markdown-body entry-content container-lg" itemprop="text"></article>',
      ],
      [starlight, '<div class="sl-markdown-content"></div>'],
    ] as const) {
      const markdown = page(
        frame,
        `${paragraph('the coast')}${wrap('North Point', 'north-point')}${paragraph('north point')}${paragraph('the north rocks')}${wrap('Gull Rock', 'gull-rock')}${paragraph('gull rock')}`,
      );
      expect(markdown).toContain('## North Point\n\nThe keepers of north point');
      expect(markdown).toContain('## Gull Rock\n\nThe keepers of gull rock');
      expect(markdown).not.toMatch(/\[|Section titled|Permalink/);
    }
    // A link beside a heading that shows words, or leads elsewhere, stays (seen in full-page
    // mode, which Readability does not judge).
    const result = clipDocument(
      pageFromHtml(
        `<html><head><title>Lighthouses</title></head><body><main><div><h2 id="tides">Tides</h2><a href="#tables">tables</a></div>${paragraph('the tides')}<div><h2 id="lamps">Lamps</h2><a class="anchor" href="https://coast.example/lamps">#</a></div>${paragraph('the lamps')}</main></body></html>`,
      ),
      { mode: 'full-page' },
    );
    const kept = result.ok ? result.clip.markdown : '';
    expect(kept).toContain('## Tides\n\n[tables](');
    expect(kept).toContain('## Lamps\n\n[#](https://coast.example/lamps)');
  });

  it('leaves out a permalink mark away from any heading (Sphinx, rustdoc), not a mark that leads elsewhere', () => {
    const markdown = markdownOf(`
      <dl class="py function"><dt class="sig sig-object py" id="log.write"><span class="sig-name descname">log.write</span>(<em>entry</em>)<a class="headerlink" href="#log.write" title="Link to this definition">¶</a></dt>
      <dd><p>Writes one entry into the keeper's log, with the hour and the state of the sea.</p></dd></dl>
      <table class="docutils" id="tides-table"><caption><span class="caption-text">Tides at the point</span><a class="headerlink" href="https://example.com/articles/page.html#tides-table" title="Link to this table">¶</a></caption>
      <thead><tr><th>Hour</th><th>Height</th></tr></thead><tbody><tr><td>06:00</td><td>1.2 m</td></tr><tr><td>12:00</td><td>3.4 m</td></tr></tbody></table>
      <div class="item-info"><a href="#method.ring" class="anchor">§</a><h4 class="code-header">fn ring(&amp;self)</h4></div>
      <p>The law is in the county code, see <a href="https://laws.example/county#s5">§</a> and <a href="#tides-table">the tides</a>.</p>`);
    expect(markdown).toContain('**log.write(*entry*)**\n');
    expect(markdown).toContain('Tides at the point\n');
    expect(markdown).toContain('#### fn ring(&self)');
    expect(markdown).not.toMatch(/[¶]|\[§\]\(https:\/\/example/);
    // A mark that leads elsewhere, and words that lead to this page's fragment, are links.
    expect(markdown).toContain('[§](https://laws.example/county#s5)');
    expect(markdown).toContain('[the tides](https://example.com/articles/page.html#tides-table)');
  });

  it('writes a heading in a fold’s summary as a heading, not a bold line of its marks', () => {
    const markdown = markdownOf(`
      <details><summary><h3>Installing the lamp</h3></summary><p>Fill the reservoir, trim the wick and light it from below.</p></details>
      <details><summary>The full log</summary><p>Ships counted in 1887: 412.</p></details>`);
    expect(markdown).toContain('### Installing the lamp\n\nFill the reservoir');
    expect(markdown).toContain('**The full log**\n\nShips counted');
    expect(markdown).not.toContain('**###');
  });

  it('keeps an item heading classed as a header that ends a block beside its source link (rustdoc)', () => {
    // Readability drops an element whose class says "header" as chrome; rustdoc classes every
    // item heading `code-header` and puts it last in a block with the item's version and source
    // link, its description in the block after.
    const item = (name: string, what: string) => `<details class="toggle method-toggle" open>
      <summary><section id="method.${name}" class="method"><span class="rightside"><span class="since">1.0.0</span> · <a class="src" href="../../src/lamp.rs.html#${name}">Source</a></span><h4 class="code-header">pub fn <a href="#method.${name}" class="fn">${name}</a>(&amp;mut self)</h4></section></summary>
      <div class="docblock"><p>${what} The keepers did this every evening of the year, in every weather, for a century and more.</p></div></details>`;
    const markdown = markdownOf(
      `<h2 id="implementations" class="section-header">Implementations</h2><div class="impl-items">${item('light', 'Lights the lamp.')}${item('trim', 'Trims the wick.')}${item('wind', 'Winds the clockwork.')}</div>`,
    );
    expect(markdown).toContain('#### pub fn light(&mut self)\n\nLights the lamp.');
    expect(markdown).toContain('#### pub fn trim(&mut self)\n\nTrims the wick.');
    expect(markdown).toContain('#### pub fn wind(&mut self)\n\nWinds the clockwork.');
  });

  it("leaves out VitePress's anchor, whose only text is a zero-width space", () => {
    const markdown =
      markdownOf(`<h2 id="getting-started" tabindex="-1">Getting Started <a class="header-anchor" href="#getting-started" aria-label="Permalink to &quot;Getting Started&quot;">\u200b</a></h2>
      <p>Install the keeper's log from the package registry and open it in the lamp room.</p>`);
    expect(markdown).toContain('## Getting Started\n\nInstall');
  });

  it('writes a heading inside a link to another page as the link, without heading marks', () => {
    const markdown = markdownOf(
      `<div><a href="https://example.org/lamps"><div><h3>The lamps of the coast</h3></div></a>
      <div><p>A second essay on the lamps, their oil and their keepers, from the same archive.</p></div></div>`,
    );
    expect(markdown).toContain('[The lamps of the coast](https://example.org/lamps)');
    expect(markdown).not.toContain('[#');
  });
});

describe('fediverse handles', () => {
  it('keeps @user@host as text a GFM renderer does not link to mailto:, and an e-mail address as it was', () => {
    const markdown = markdownOf(
      '<p>Follow the keepers at @keepers@coast.example or write to archive@coast.example.</p>',
    );
    const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    expect(html).toContain('at @keepers@coast.example or');
    expect(html).not.toContain('mailto:keepers@coast.example');
    expect(html).toContain('<a href="mailto:archive@coast.example">');
  });
});

describe('double brackets in the text', () => {
  it('shows [[words]] as written, in a form wiki-link syntaxes do not read as a link to a note', () => {
    const markdown = markdownOf(
      '<p>The page is made from the template [[Lighthouse infobox]] and [[Category:Lights|lights]].</p>',
    );
    // Notes apps with wiki links (Obsidian, Logseq, Foam…) read [[…]] as a link to one of the
    // user's own notes, named by the page: the first bracket escaped, nothing links.
    expect(markdown).not.toMatch(/(?<!\\)\[\[/);
    const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    expect(html).toContain('template [[Lighthouse infobox]] and [[Category:Lights|lights]].');
  });

  it("forms no [[…]] where the words' brackets meet a link or a footnote", () => {
    const markdown = markdownOf(`
      <p>As shown before <cite class="ltx_cite">[<a href="https://arxiv.example.org/html/2101.00001#bib.bib4" class="ltx_ref">4</a>]</cite>
      and in the handbook [<a href="https://sre.example.org/hol14">Hol14</a>],
      see <a href="https://ref.example.org/entry">[Entry 7]</a>.</p>
      <section class="ltx_bibliography"><h2>References</h2><ul class="ltx_biblist">
      <li id="bib.bib4" class="ltx_bibitem"><span class="ltx_bibblock">B. Holm. Keeping lights. 2014.</span></li>
      </ul></section>`);
    // Read by a notes app with wiki links, `[[Hol14]](…)` or `[[Entry 7]]` named a note of the
    // user's: the page's bracket that meets a link's or a footnote's is escaped.
    expect(markdown).not.toMatch(/(?<!\\)\[\[/);
    const html = micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    expect(html).toContain('[<a href="https://sre.example.org/hol14">Hol14</a>]');
    expect(html).toContain('<a href="https://ref.example.org/entry">[Entry 7]</a>');
    expect(html).toMatch(/before \[<sup><a href="#user-content-fn-1"[^>]*>1<\/a><\/sup>\]/);
  });
});

describe('recipe cards and share buttons', () => {
  it('keeps the unit a reader sees beside the spoken one only screen readers get', () => {
    const markdown = markdownOf(`
      <p>Prep Time <span class="details">15<span class="sr-only screen-reader-text"> minutes</span></span>
        <span class="details-unit" aria-hidden="true">mins</span></p>
      <p>Rated <span aria-hidden="true">★★★★☆</span><span class="visually-hidden">4 out of 5</span> by readers.</p>`);
    expect(markdown).toContain('Prep Time 15 mins');
    expect(markdown).not.toContain('minutes');
    expect(markdown).toContain('Rated ★★★★☆ by readers.');
  });

  it('still leaves out hidden text with no spoken twin, and an icon font’s ligature', () => {
    const markdown = markdownOf(`
      <p>Read the <a href="/next">next chapter<span class="material-icons" aria-hidden="true">arrow_forward</span><span class="sr-only">Next</span></a>
        of the log.<span aria-hidden="true">Decorative echo</span></p>`);
    expect(markdown).toContain('[next chapter](https://example.com/next)');
    expect(markdown).not.toMatch(/arrow_forward|Decorative echo/);
  });

  it('numbers a bulleted list the page numbers by style', () => {
    const markdown = markdownOf(`
      <ul class="steps">
        <li style="list-style-type: decimal;">Trim the wick.</li>
        <li style="list-style-type: decimal;">Fill the lamp.</li>
      </ul>
      <ul style="list-style: upper-roman inside"><li>First watch</li><li>Second watch</li></ul>
      <ul><li style="list-style-type: none;">Oil</li><li style="list-style-type: none;">Wick</li></ul>`);
    expect(markdown).toContain('1. Trim the wick.\n2. Fill the lamp.');
    expect(markdown).toMatch(/1\) First watch\n2\) Second watch|1\. First watch\n2\. Second watch/);
    expect(markdown).toContain('- Oil\n- Wick');
  });

  it('keeps a recipe card named like the post under the article, not the title over it', () => {
    const markdown = articleMarkdown(
      `<!DOCTYPE html><html lang="en"><head><title>Curried Lentil Soup</title></head>
      <body><article><header class="entry-header"><h1>Curried Lentil Soup</h1></header>
      <div class="entry-content">${PROSE.repeat(4)}
      <div class="recipe-card"><h2>Curried Lentil Soup</h2>
        <p>A thick, golden soup of red lentils, warm with curry and ready in under an hour.</p>
        <ul><li>1 cup red lentils</li><li>4 cups vegetable broth</li></ul></div>
      </div></article></body></html>`,
    );
    expect(markdown.startsWith('The lighthouse keepers')).toBe(true);
    expect(markdown).toContain('## Curried Lentil Soup\n\nA thick, golden soup');
  });

  it('leaves out a button that shares this page, keeps a quote or a picture offered for sharing as they show', () => {
    const page = encodeURIComponent('https://example.com/notes-from-the-coast/');
    const markdown = articleMarkdown(
      `<!DOCTYPE html><html lang="en"><head><title>Notes from the coast</title>
      <link rel="canonical" href="https://example.com/notes-from-the-coast/"></head>
      <body><article><h1>Notes from the coast</h1>${PROSE}
      <p><a href="https://www.pinterest.com/pin/create/button/?url=${page}&amp;description=Lamp">Pin</a>
        <a href="https://www.facebook.com/sharer/sharer.php?u=${page}">Share on Facebook</a>
        <a href="https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fwww.example.com%2Farticles%2Fpage.html">LinkedIn</a>
        <a href="/print/notes">Print</a></p>
      <p><a href="https://twitter.com/share?text=The+logs+fill+a+room&amp;url=${page}">The logs now fill a whole room of the county archive, every page in the keepers' hands.</a></p>
      <p><a href="https://www.pinterest.com/pin/create/button/?url=${page}&amp;media=x"><img src="/lamp.jpg" alt="The lamp room"></a></p>
      <ul><li><a href="https://twitter.com/intent/tweet?url=${page}"><img src="/icons/x.svg" alt="Share on X"></a></li>
        <li><a href="https://www.facebook.com/sharer.php?u=${page}"><img src="/icons/f.png" width="24" height="24" alt="Facebook"></a></li></ul>
      <p>Bought through <a href="https://shop.example.net/buy?url=https%3A%2F%2Fexample.org%2Flamp">the lamp maker</a>.</p>
      <p>Tell us through <a href="https://forms.example.net/s/1?from=${page}">our form</a> if you spot an error.</p>
      </article></body></html>`,
    );
    expect(markdown).not.toMatch(/pinterest|facebook|twitter|linkedin|\bPin\b|Share on Facebook/i);
    expect(markdown).toContain(
      "The logs now fill a whole room of the county archive, every page in the keepers' hands.",
    );
    expect(markdown).toContain('![The lamp room](https://example.com/lamp.jpg)');
    expect(markdown).not.toMatch(/x\.svg|f\.png/);
    expect(markdown).toContain(
      '[the lamp maker](https://shop.example.net/buy?url=https%3A%2F%2Fexample.org%2Flamp)',
    );
    // In a sentence, a link carrying the page's address is the text's own.
    expect(markdown).toContain('Tell us through [our form](https://forms.example.net/s/1?from=');
  });
});
