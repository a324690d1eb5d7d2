import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../utils/clip';
import { pageFromHtml } from './dom';

/**
 * Blocks that blog engines, recipe plugins and live blogs put inside the article (Ghost's cards,
 * WordPress's core blocks, Tasty Recipes' and Mediavine Create's cards, a live blog's posts),
 * written in the markup those tools emit. None of them is in the benchmark's corpus; each case
 * checks what a reader of the note would miss or trip over.
 */

const STORY = `<p>We spent the autumn baking the same loaf every weekend, changing one thing at a time, and
  writing down what each change did to the crumb, the crust and the flavour of the bread.</p>
  <p>This is what we learned, with the recipe we settled on at the end of it and a few notes on
  the mistakes that cost us the most loaves along the way.</p>`;

/** Enough prose after the blocks that Readability keeps the article at its first, strictest attempt. */
const CLOSING = `<p>Rye asks for patience more than skill: the dough is a paste, the rise is slow, and the
  loaf must rest a full day before it is cut, or the crumb stays gummy whatever else you did.</p>
  <p>If your first loaf disappoints, change one thing at a time, as we did, and write it down;
  by the third or fourth bake the tin comes out of the oven with a loaf you will want to share.</p>
  <p>Next week: what to do with the loaf once it is cut, from open sandwiches to a dark, sweet
  bread pudding that uses up the last dry slices better than anything else we have tried.</p>`;

function articleMarkdown(body: string, head = ''): string {
  const html = `<!DOCTYPE html><html lang="en"><head><title>Rye, slowly</title>${head}</head>
    <body><header class="site-header"><a href="/">Slow Kitchen</a>
    <nav><a href="/recipes/">Recipes</a> <a href="/about/">About</a></nav></header>
    <main><article><h1>Rye, slowly</h1>${STORY}${body}${CLOSING}</article></main></body></html>`;
  const result = clipDocument(pageFromHtml(html, 'https://slowkitchen.example.org/rye/'), {
    mode: 'article',
  });
  if (!result.ok) throw new Error(`Expected a clip, got ${result.error.kind}`);
  return result.clip.markdown;
}

describe('the head of a component inside the article, classed "header"', () => {
  it("keeps a recipe card's name, times and yield (Tasty Recipes)", () => {
    const markdown = articleMarkdown(`
      <div class="tasty-recipes">
        <div class="tasty-recipes-entry-header">
          <h2 class="tasty-recipes-title">Hundred-percent rye</h2>
          <div class="tasty-recipes-details"><ul>
            <li class="prep-time"><span class="tasty-recipes-label">Prep Time:</span> <span>30 minutes</span></li>
            <li class="cook-time"><span class="tasty-recipes-label">Cook Time:</span> <span>1 hour</span></li>
            <li class="yield"><span class="tasty-recipes-label">Yield:</span> <span>1 loaf</span></li>
          </ul></div>
        </div>
        <div class="tasty-recipes-ingredients"><h3>Ingredients</h3>
          <ul><li>500 g wholegrain rye flour</li><li>450 g warm water</li><li>100 g rye starter</li></ul></div>
        <div class="tasty-recipes-instructions"><h3>Instructions</h3>
          <ol><li>Mix everything into a thick paste and scrape it into a greased tin.</li>
          <li>Leave it to rise by a third, then bake it for an hour at 230 °C.</li></ol></div>
      </div>`);
    expect(markdown).toContain('## Hundred-percent rye');
    expect(markdown).toContain('- Prep Time: 30 minutes');
    expect(markdown).toContain('- Yield: 1 loaf');
  });

  it("keeps each live blog post's time and title", () => {
    const post = (time: string, title: string, text: string) => `
      <article class="liveblog-block">
        <div class="liveblog-block-header"><time datetime="2026-12-07T${time}:00Z">${time} GMT</time>
          <h2>${title}</h2></div>
        <p>${text}</p>
      </article>`;
    const markdown = articleMarkdown(
      post(
        '14:05',
        'Amber warning extended to 9pm',
        'The Met Office has extended its amber wind warning for the west coast until nine this evening, with gusts of up to 80mph expected on exposed coasts.',
      ) +
        post(
          '13:40',
          'Trains cancelled across Wales',
          'Transport for Wales has cancelled all services on the Cambrian and Heart of Wales lines for the rest of the day because of fallen trees.',
        ),
    );
    expect(markdown).toContain('14:05 GMT');
    expect(markdown).toContain('## Amber warning extended to 9pm');
    expect(markdown).toContain('## Trains cancelled across Wales');
  });

  it("still leaves out a header block that is mostly links, and the page's own header", () => {
    const markdown = articleMarkdown(`
      <div class="section-header"><h3>More from Slow Kitchen</h3>
        <a href="/a/">Seeded spelt in a tin, the easy way</a> <a href="/b/">A week of porridge</a></div>
      <p>Thanks for baking along with us this autumn; the next series starts in the new year.</p>`);
    expect(markdown).not.toContain('More from Slow Kitchen');
    expect(markdown).not.toContain('Recipes');
  });
});

describe("a section's heading standing alone in its block", () => {
  it('keeps a list heading whose buttons the engine took out beside it', () => {
    const markdown = articleMarkdown(`
      <div class="tasty-recipes-ingredients">
        <div class="tasty-recipes-ingredients-header"><div class="tasty-recipes-flex"><h3>Ingredients</h3>
          <div class="tasty-recipes-units-scale-container">
            <button type="button">1x</button><button type="button">2x</button></div></div></div>
        <div class="tasty-recipes-ingredients-body"><ul><li>500 g wholegrain rye flour</li>
          <li>450 g warm water</li><li>100 g rye starter</li></ul></div>
      </div>
      <p>Thanks for baking along with us this autumn; the next series starts in the new year.</p>`);
    expect(markdown).toContain('### Ingredients\n\n- 500 g wholegrain rye flour');
  });
  // A heading whose section Readability took out stays out: Gemini's changed-layout golden
  // (utils/clip/sites/gemini/fixtures) has its "Sources" heading over chips Readability drops.
});

describe('quotes with their credit', () => {
  it('sets a cite or a footer apart after a dash, as the page shows it', () => {
    const markdown = articleMarkdown(`
      <figure class="wp-block-pullquote"><blockquote><p>You don't knead rye. You persuade it into the tin.</p>
        <cite>My grandmother, every single time</cite></blockquote></figure>
      <p>She was right about most things, and about this one entirely; we found out the hard way.</p>
      <blockquote><p>Rye bread will do you good, barley bread will do you no harm.</p>
        <footer>— Old Scottish saying</footer></blockquote>`);
    expect(markdown).toContain(
      "> You don't knead rye. You persuade it into the tin.\n>\n> — My grandmother, every single time",
    );
    expect(markdown).toContain('> — Old Scottish saying');
    expect(markdown).not.toContain('— —');
  });
});

describe('files the author offers', () => {
  it("keeps a blog engine's file card, titled by the file's name", () => {
    const markdown = articleMarkdown(`
      <p>Everything above, on one page for the kitchen wall:</p>
      <div class="kg-card kg-file-card"><a class="kg-file-card-container" href="/content/files/rye-card.pdf" title="Download" download="">
        <div class="kg-file-card-contents"><div class="kg-file-card-title">The rye loaf, on one card</div>
        <div class="kg-file-card-caption">Quantities, times and temperatures</div></div>
        <div class="kg-file-card-icon"><svg viewBox="0 0 24 24"><circle cx="12" cy="12" r="11"></circle></svg></div></a></div>
      <p>Print it on card if you can: paper does not survive a floury kitchen for long.</p>`);
    expect(markdown).toContain(
      '[The rye loaf, on one card](https://slowkitchen.example.org/content/files/rye-card.pdf)\n\nQuantities, times and temperatures',
    );
  });

  it("keeps WordPress's file block once, without its Download button", () => {
    const markdown = articleMarkdown(`
      <p>Everything above, on one page for the kitchen wall:</p>
      <div class="wp-block-file"><a id="wp-block-file--media-1" href="https://slowkitchen.example.org/wp-content/uploads/rye-card.pdf">rye-card</a><a href="https://slowkitchen.example.org/wp-content/uploads/rye-card.pdf" class="wp-block-file__button wp-element-button" download aria-describedby="wp-block-file--media-1">Download</a></div>
      <p>Print it on card if you can: paper does not survive a floury kitchen for long.</p>`);
    expect(markdown).toContain(
      'kitchen wall:\n\n[rye-card](https://slowkitchen.example.org/wp-content/uploads/rye-card.pdf)\n\nPrint it',
    );
    expect(markdown).not.toContain('Download');
  });
});

describe('a card of a linked page, without a heading', () => {
  it("links the card's title and leaves its summary as text (Ghost's bookmark card)", () => {
    const markdown = articleMarkdown(`
      <p>The best write-up of the method is Brandur's:</p>
      <figure class="kg-card kg-bookmark-card"><a class="kg-bookmark-container" href="https://brandur.org/job-drain">
        <div class="kg-bookmark-content"><div class="kg-bookmark-title">Transactionally Staged Job Drains in Postgres</div>
        <div class="kg-bookmark-description">Building a robust background worker system that never works a job before it is committed.</div></div>
        <div class="kg-bookmark-thumbnail"><img src="https://brandur.org/assets/drain.jpg" alt=""></div></a></figure>
      <p>Read it before you build anything of the kind yourself; it saves a month of mistakes.</p>`);
    expect(markdown).toContain(
      '[Transactionally Staged Job Drains in Postgres](https://brandur.org/job-drain)\n\nBuilding a robust background worker',
    );
    expect(markdown).not.toContain('Postgres Building');
  });
});

describe('a stream of posts marked up as a list of articles', () => {
  it('writes the posts one after another, not as a numbered list', () => {
    const post = (title: string, text: string) =>
      `<li><article><h3>${title}</h3><p>${text}</p></article></li>`;
    const markdown = articleMarkdown(`<ol class="stream" role="list">
      ${post('Income tax thresholds frozen', 'The chancellor confirms that the personal allowance will stay frozen for a further two years, until April 2030.')}
      ${post('The statement begins', 'The chancellor has started her statement in a packed Commons chamber, opening with the state of the public finances.')}
      </ol>`);
    expect(markdown).toContain('### Income tax thresholds frozen\n\nThe chancellor confirms');
    expect(markdown).toContain('### The statement begins');
    expect(markdown).not.toMatch(/^\s*\d+\. /m);
  });
});

describe('a row of pictures under a section heading', () => {
  it('keeps the pictures and their captions (WordPress columns)', () => {
    const figure = (n: number, caption: string) =>
      `<div class="wp-block-column"><figure class="wp-block-image"><img width="600" height="600" src="https://slowkitchen.example.org/step-${n}.jpg" alt="Step ${n}"><figcaption>${caption}</figcaption></figure></div>`;
    const markdown = articleMarkdown(`
      <h2>Step by step</h2>
      <div class="wp-block-columns">${figure(1, 'Mix to a paste.')}${figure(2, 'Fill the tin.')}${figure(3, 'Bake.')}</div>
      <p>The paste looks wrong to anyone used to wheat dough; trust it, and do not add more flour.</p>`);
    expect(markdown).toContain('![Step 1](https://slowkitchen.example.org/step-1.jpg)');
    expect(markdown).toContain('![Step 3](https://slowkitchen.example.org/step-3.jpg)');
    expect(markdown).toContain('Fill the tin.');
  });
});

describe("a blog's comments and its reply form (WordPress)", () => {
  const comment = (id: number, author: string, text: string, replies = '') =>
    `<li id="comment-${id}" class="comment"><article id="div-comment-${id}" class="comment-body"><footer class="comment-meta"><b class="fn">${author}</b></footer><div class="comment-content"><p>${text}</p></div><div class="reply"><a rel="nofollow" class="comment-reply-link" href="https://slowkitchen.example.org/rye/?replytocom=${id}#respond" aria-label="Reply to ${author}">Reply</a></div></article>${replies}</li>`;
  const page = `<!DOCTYPE html><html lang="en"><head><title>Rye, slowly</title></head><body>
    <main><article><h1>Rye, slowly</h1><p><a href="#respond">Leave a comment</a> · <a href="#comments">2 comments</a></p>
    <div class="entry-meta"><span class="date">May 3, 2024</span><span class="sep">/</span><span class="comments"><a href="https://slowkitchen.example.org/rye/#respond">0 Comments</a></span><span class="sep">/</span><span class="cat">in <a href="/category/bread/">Bread</a></span></div>${STORY}${CLOSING}</article>
    <section id="comments"><h2>2 thoughts on “Rye, slowly”</h2><ol class="comment-list">
    ${comment(88, 'Tom Becker', 'Does the water temperature matter that much? My kitchen is cold and I used tap water.', `<ol class="children">${comment(90, 'Inés Carvalho', 'It does: rye ferments sluggishly below 27 °C, so use warm water and a warm oven.')}</ol>`)}
    </ol>
    <div id="respond" class="comment-respond"><h3 id="reply-title">Leave a Reply</h3><form id="commentform" action="/wp-comments-post.php" method="post"><p class="comment-notes">Your email address will not be published.</p><p><label for="comment">Comment</label><textarea id="comment" name="comment"></textarea></p><p><input type="submit" value="Post Comment"></p></form></div>
    </section></main></body></html>`;

  it('leaves out the links that open the reply form, and keeps a reply nested under its comment', () => {
    const result = clipDocument(pageFromHtml(page, 'https://slowkitchen.example.org/rye/'), {
      mode: 'full-page',
    });
    if (!result.ok) throw new Error(`Expected a clip, got ${result.error.kind}`);
    const { markdown } = result.clip;
    expect(markdown).not.toContain('[Reply]');
    expect(markdown).not.toContain('Leave a comment');
    // Its separator goes with it, in the text or in an element of its own: no line of a lone
    // "·", no "//".
    expect(markdown).not.toMatch(/^\s*·/m);
    expect(markdown).toContain(
      'May 3, 2024/in [Bread](https://slowkitchen.example.org/category/bread/)',
    );
    expect(markdown).toContain('Does the water temperature matter');
    // The reply is an item inside Tom's, not more of his comment.
    expect(markdown).toMatch(/^ {3,}1\. (?:\*\*)?Inés Carvalho/m);
  });
});

describe('times a page writes relative to now', () => {
  // Guardian-style: each post's head a permalink into the page holding the relative time and
  // the clock time; the newest post has no title.
  const post = (id: string, at: string, ago: string, title: string, text: string) => `
    <article id="block-${id}" class="block">
      <header class="block-header"><div class="block-time-wrap"><a href="?page=with:block-${id}#block-${id}" class="block-time"><time datetime="2026-12-07T${at}:00.000Z">${ago}</time><span class="abstime">${at.replace(':', '.')} GMT</span></a></div>${title ? `<h2>${title}</h2>` : ''}</header>
      <p>${text}</p>
    </article>`;

  it("keeps each live post's time as text, without the words that were only true that day", () => {
    const markdown = articleMarkdown(
      post(
        'a1',
        '16:31',
        '2m ago',
        '',
        'Northern Powergrid says about 12,000 customers in North Yorkshire remain without power, and engineers expect to restore most supplies by midnight.',
      ) +
        post(
          'b2',
          '14:05',
          '2h ago',
          'Met Office extends amber warning to 9pm',
          'The Met Office has extended its amber wind warning for much of Wales and south-west England until 9pm, saying gusts are still likely on exposed coasts.',
        ),
    );
    // Before: each time a line that was only a link, dropped as clutter; the untitled post's
    // head dropped with the page's header.
    expect(markdown).toMatch(/^16\.31 GMT$/m);
    expect(markdown).toMatch(/^14\.05 GMT\n\n## Met Office extends amber warning to 9pm$/m);
    expect(markdown).not.toContain('ago');
  });

  it('writes a relative time alone as the moment it stands for, and leaves prose alone', () => {
    const markdown = articleMarkdown(`
      <div class="update-note"><strong>Updated <time datetime="2026-12-04T09:30:00Z">3 days ago</time>:</strong> opens at eight.</div>
      <div class="update-note"><strong>Updated <time datetime="2026-12-07T09:31:00Z">7h ago</time>:</strong> sold out.</div>
      <div class="update-note"><strong>Posted <time datetime="2026-12-07T09:31:00Z">Dec 7</time>:</strong> open.</div>
      <p>The bakery reopens <time datetime="2026-12-08">tomorrow</time>, with the rye back on the shelves by ten in the morning.</p>`);
    // The tests run in UTC (vitest.config.ts); the page is in English.
    expect(markdown).toContain('**Updated Dec 4, 2026, 9:30 AM:** opens at eight.');
    // Its number is the day's (the 7th), but no month stands beside it: still relative.
    expect(markdown).toContain('**Updated Dec 7, 2026, 9:31 AM:** sold out.');
    // A day with its month states the moment, and stays as the page wrote it.
    expect(markdown).toContain('**Posted Dec 7:** open.');
    expect(markdown).toContain('The bakery reopens tomorrow, with the rye');
  });
});

describe("a page's own switches", () => {
  it("leaves out a switch with its label and help line (Tasty Recipes' Cook Mode), and keeps what a toggle shows", () => {
    const markdown = articleMarkdown(`
      <div class="tasty-recipes-instructions">
        <div class="tasty-recipes-instructions-header"><h3>Instructions</h3>
          <div class="tasty-recipes-cook-mode"><div class="tasty-recipes-cook-mode__container"><input type="checkbox" id="cook-mode-4820" class="tasty-recipes-cook-mode__checkbox"><label for="cook-mode-4820">Cook Mode</label><small class="tasty-recipes-cook-mode__helper">Prevent your screen from going dark</small></div></div>
        </div>
        <ol><li>Mix the rye flour, the starter and the warm water to a stiff paste.</li><li>Fill the tin, smooth the top and leave it somewhere warm for three hours.</li></ol>
      </div>
      <div class="more"><input type="checkbox" id="more-1" class="more-toggle"><label for="more-1">Read the whole story of the starter</label><p>The starter came from a bakery in Tallinn that closed in 2019; its owner gave a jar of it to every customer on the last day.</p></div>`);
    expect(markdown).not.toContain('Cook Mode');
    expect(markdown).not.toContain('Prevent your screen');
    expect(markdown).toContain('### Instructions\n\n1. Mix the rye flour');
    expect(markdown).toContain('The starter came from a bakery in Tallinn');
  });
});

describe("the head of a post on a publishing platform (Medium's and Ghost's markup)", () => {
  it('keeps words apart where a separator shown only to the eye sat between them', () => {
    const markdown = articleMarkdown(`
      <div><span>Filed under</span><span aria-hidden="true"> · </span><span>Breads</span></div>
      <p class="note">Baked<span aria-hidden="true">·</span>Tested<span aria-hidden="true"></span>twice</p>`);
    expect(markdown).toContain('Filed under Breads');
    expect(markdown).toContain('Baked Tested');
    // An empty element hidden from screen readers shows nothing, and sets no words apart.
    expect(markdown).toContain('Testedtwice');
  });

  it("leaves out a reading-time and date line once its separator is gone (Medium's byline)", () => {
    const markdown = articleMarkdown(`<div class="speechify-ignore">
        <span data-testid="storyReadTime">7 min read</span><div class="l" aria-hidden="true"><span>·</span></div><span data-testid="storyPublishDate">Mar 12, 2024</span>
      </div>`);
    expect(markdown).not.toMatch(/min read|Mar 12/);
  });

  it("leaves out the author's photo over the article, and keeps the article's pictures", () => {
    const html = `<!DOCTYPE html><html lang="en"><head><title>Rye, slowly</title>
      <meta name="author" content="Mara Lind"></head><body><main><article>
      <h1>Rye, slowly</h1>
      <div class="ab q"><div><a href="/@mara?source=byline"><div class="l"><img src="/content/images/mara.jpg" alt="Mara Lind" width="44" height="44"></div></a></div>
        <div><a href="/author/mara/"><img src="/content/images/mara-2.jpg" alt="Mara Lind profile image"></a></div>
        <div><img src="/content/images/ada.jpg" alt="Ada Brook" width="32" height="32"></div></div>
      <figure><img src="/content/images/mara-at-the-oven.jpg" alt="Mara Lind at the oven" width="1200" height="800"></figure>
      ${STORY}${CLOSING}</article></main></body></html>`;
    const result = clipDocument(pageFromHtml(html, 'https://slowkitchen.example.org/rye/'), {
      mode: 'article',
    });
    if (!result.ok) throw new Error(`Expected a clip, got ${result.error.kind}`);
    const markdown = result.clip.markdown;
    expect(markdown).not.toMatch(/mara(?:-2)?\.jpg/);
    // The article's own picture of its author is large: it stays.
    expect(markdown).toContain('![Mara Lind at the oven]');
    // A small picture naming someone else is not the author's: it stays.
    expect(markdown).toContain('ada.jpg');
  });
});

describe('a row of reaction icons over their count', () => {
  it("leaves out the icons and the count (dev.to's reactions), and keeps a count beside a picture", () => {
    const markdown = articleMarkdown(`
      <div class="crayons-article__reactions"><span><img src="/heart.svg" width="24" height="24" alt="Like"><img src="/fire.svg" width="24" height="24" alt="Fire"></span><span>42<span> reactions</span></span></div>
      <div class="stat"><img src="/loaves.jpg" width="640" height="480" alt="The loaves"><p>12 loaves</p></div>`);
    expect(markdown).not.toMatch(/heart\.svg|42 reactions/);
    expect(markdown).toContain('12 loaves');
  });
});

describe("the label of a box the reader types into (a shop's quantity box)", () => {
  it('leaves out the label with its box, and keeps the words of a task list', () => {
    const markdown = articleMarkdown(`
      <div class="product-form__quantity"><label class="quantity__label" for="Quantity-1">Quantity</label>
        <quantity-input><button type="button" name="minus">−</button><input type="number" id="Quantity-1" value="1"><button type="button" name="plus">+</button></quantity-input></div>
      <p><label for="note-1">Baker's note</label> <textarea id="note-1"></textarea></p>
      <ul><li><input type="checkbox" id="t1" checked disabled><label for="t1">Feed the starter the night before</label></li>
        <li><input type="checkbox" id="t2" disabled><label for="t2">Grease the tin</label></li></ul>`);
    expect(markdown).not.toMatch(/Quantity|Baker's note/);
    expect(markdown).toContain('Feed the starter the night before');
    expect(markdown).toContain('Grease the tin');
  });
});

describe('a record written as a heading over each value (a wiki infobox, a product card)', () => {
  it('lists the fields as "label: value", and keeps headings over sections as headings', () => {
    const markdown = articleMarkdown(`
      <div class="tin-card"><h2 class="tin-card-title">The rye tin</h2>
        <div class="pi-data"><h3 class="pi-data-label">Size</h3><div class="pi-data-value">2 lb</div></div>
        <div class="pi-data"><h3 class="pi-data-label">Material:</h3><div class="pi-data-value"><a href="/tins/">Cast iron</a></div></div>
        <div class="pi-data"><h3 class="pi-data-label">Lid</h3><div class="pi-data-value">Yes</div></div></div>
      <div><h3>Before you start</h3><div>Grease the tin well.</div></div>
      <div><h3>While it bakes</h3><div>Leave the oven shut.</div></div>`);
    expect(markdown).toContain(
      '- **Size**: 2 lb\n- **Material**: [Cast iron](https://slowkitchen.example.org/tins/)\n- **Lid**: Yes',
    );
    expect(markdown).not.toMatch(/### (?:Size|Lid)/);
    // Two such blocks in a row are sections, not a record.
    expect(markdown).toContain('### Before you start');
  });
});
