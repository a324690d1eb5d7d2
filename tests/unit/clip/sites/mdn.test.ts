import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { detectSite, readSite } from '../../../../utils/clip/sites';
import { readSiteFixture } from '../../../support/site-fixtures';
import { pageFromHtml } from '../dom';
import { fixtureOptions } from '../fixture-page';

/**
 * MDN's fred front end beyond its golden note (a saved copy: the server's HTML, before any
 * script): the page as it is in a tab, where fred's scripts have swapped each code example for
 * an `mdn-code-example` and drawn the compat table, both inside open shadow roots.
 */
const fixture = (name: string) => readSiteFixture(`mdn/fixtures/${name}`);

function fredPage(url?: string): Document {
  const html = fixture('fred-array-flat.html');
  return pageFromHtml(html, url ?? fixtureOptions(html).url);
}

function section(doc: Document, id: string): Element {
  const found = doc.querySelector(`section[aria-labelledby="${id}"]`);
  if (!found) throw new Error(`no section ${id}`);
  return found;
}

function attachOpenShadow(host: Element, html: string): ShadowRoot {
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.innerHTML = html;
  return shadow;
}

/**
 * What fred's script does to a `div.code-example` (components/code-example/element.js): the
 * whole example becomes an `mdn-code-example` (hidden when it feeds the interactive example),
 * which renders the language and the highlighted code in its shadow root; the `pre` there has
 * no language class.
 */
function upgradeCodeExample(example: Element, highlighted: string, hidden = false): void {
  const doc = example.ownerDocument;
  const host = doc.createElement('mdn-code-example');
  if (hidden) host.setAttribute('hidden', '');
  example.replaceWith(host);
  const shadow = attachOpenShadow(
    host,
    `<style>:host{display:block}</style><!----><div class="code-example"><div class="example-header"><span class="language-name"><!--?lit$41$-->js</span><mdn-copy-button variant="secondary"></mdn-copy-button><!--?lit$41$--></div><pre><code><!--?lit$41$-->${highlighted}</code></pre></div>`,
  );
  const copy = shadow.querySelector('mdn-copy-button') as Element;
  attachOpenShadow(
    copy,
    '<mdn-button variant="secondary"><button class="button">Copy</button></mdn-button>',
  );
}

const BROWSERS: Array<[string, string, string]> = [
  ['chrome', 'Chrome', '69'],
  ['edge', 'Edge', '79'],
  ['firefox', 'Firefox', '62'],
  ['safari', 'Safari', '12'],
  ['deno', 'Deno', '1'],
  ['nodejs', 'Node.js', '11'],
];

/** The table fred's `mdn-compat-table` renders (components/compat-table/element.js). */
function renderedCompatTable(): string {
  const heads = BROWSERS.map(
    ([id, name]) =>
      `<th class="bc-browser bc-browser-${id}"><div class="bc-head-txt-label bc-head-icon-${id}"><!--?lit$7$-->${name}</div><div class="bc-head-icon-symbol icon icon-${id}"></div></th>`,
  ).join('');
  const cell = ([id, name, version]: [string, string, string]) =>
    `<td class="bc-support bc-browser-${id} bc-supports-yes "><button type="button"><div class="bcd-cell-text-wrapper"><div class="bcd-cell-icons"><span class="icon-wrap"><abbr class="bc-level-yes icon icon-yes" title="${name} – Full support"><span class="bc-support-level">${name} – Full support</span></abbr></span></div><div class="bcd-cell-text-copy"><span class="bc-browser-name">${name}</span><span class="bc-version-label" title="${name} ${version} – Released 2018-09-04">${version}</span></div></div></button></td>`;
  return `<figure class="table-container"><figure class="table-container-inner"><div class="bc-on-github"><a class="bc-github-link external external-icon" href="https://github.com/mdn/browser-compat-data/issues/new">Report problems with this compatibility data</a></div><table class="bc-table bc-table-web" style="--compat-browser-count: 6"><thead><tr class="bc-platforms"><td></td><th class="bc-platform bc-platform-desktop" colspan="4" title="desktop"><span class="icon icon-desktop"></span><span class="visually-hidden">desktop</span></th><th class="bc-platform bc-platform-server" colspan="2" title="server"><span class="icon icon-server"></span><span class="visually-hidden">server</span></th></tr><tr class="bc-browsers"><td></td>${heads}</tr></thead><tbody><tr><th class="bc-feature" style="--compat-feature-depth: 0" scope="row"><div class="bc-table-row-header"><code>flat</code></div></th>${BROWSERS.map(cell).join('')}</tr></tbody></table></figure></figure><section class="bc-legend"><h3 class="visually-hidden" id="Legend">Legend</h3><p class="bc-legend-tip">Tip: you can click/tap on a cell for more information.</p><dl class="bc-legend-items-container"><div class="bc-legend-item"><dt class="bc-legend-item-dt"></dt><dd class="bc-legend-item-dd">Full support</dd></div></dl></section>`;
}

/** The page in a tab once fred's scripts have run. */
function liveFredPage(): Document {
  const doc = fredPage();
  // The interactive example: its editor in its shadow root, its code example hidden beside it.
  const tryIt = section(doc, 'try_it');
  attachOpenShadow(
    tryIt.querySelector('interactive-example') as Element,
    '<div class="template-console"><header><h4>JavaScript Demo: Array.prototype.flat()</h4></header><mdn-play-editor language="js"></mdn-play-editor><div class="buttons"><button id="execute">Run</button><button id="reset">Reset</button></div><mdn-play-console></mdn-play-console></div>',
  );
  upgradeCodeExample(
    tryIt.querySelector('.code-example') as Element,
    'const arr1 = [0, 1, 2, [3, 4]];\n\nconsole.log(arr1.flat());\n',
    true,
  );
  upgradeCodeExample(
    section(doc, 'syntax').querySelector('.code-example') as Element,
    'flat()\nflat(depth)\n',
  );
  upgradeCodeExample(
    section(doc, 'using_flat_on_sparse_arrays').querySelector('.code-example') as Element,
    '<span class="token keyword">const</span> arr5 <span class="token operator">=</span> <span class="token punctuation">[</span><span class="token number">1</span><span class="token punctuation">,</span> <span class="token punctuation">,</span> <span class="token number">4</span><span class="token punctuation">]</span><span class="token punctuation">;</span>\nconsole<span class="token punctuation">.</span><span class="token function">log</span><span class="token punctuation">(</span>arr5<span class="token punctuation">.</span><span class="token function">flat</span><span class="token punctuation">(</span><span class="token punctuation">)</span><span class="token punctuation">)</span><span class="token punctuation">;</span> <span class="token comment">// [1, 4]</span>\n',
  );
  // The compat table: the lazy element's shadow root holds `mdn-compat-table`, whose own shadow
  // root holds the table (the server's declarative template is gone once the browser parsed it).
  const lazy = doc.querySelector('mdn-compat-table-lazy') as Element;
  lazy.replaceChildren();
  const outer = attachOpenShadow(
    lazy,
    '<!----><mdn-compat-table query="javascript.builtins.Array.flat" locale="en-US"></mdn-compat-table>',
  );
  attachOpenShadow(
    outer.querySelector('mdn-compat-table') as Element,
    `<style>.bc-table{width:100%}</style>${renderedCompatTable()}`,
  );
  return doc;
}

describe('MDN (fred)', () => {
  it('keeps a live page’s code examples, with their language, and its compat table', () => {
    const result = clipDocument(liveFredPage(), { mode: 'article' });
    if (!result.ok) throw new Error(result.error.code);
    const { markdown, site } = result.clip;
    expect(site).toBe('mdn');
    expect(markdown).toContain(
      '## Try it\n\n```js\nconst arr1 = [0, 1, 2, [3, 4]];\n\nconsole.log(arr1.flat());\n```',
    );
    expect(markdown).toContain('## Syntax\n\n```js\nflat()\nflat(depth)\n```');
    expect(markdown).toContain(
      '```js\nconst arr5 = [1, , 4];\nconsole.log(arr5.flat()); // [1, 4]\n```',
    );
    // Examples the script left alone are still read from the page's own markup.
    expect(markdown).toContain('```js\nconst arrayLike = {');
    expect(markdown).toContain(
      '| | Chrome | Edge | Firefox | Safari | Deno | Node.js |\n| --- | --- | --- | --- | --- | --- | --- |\n| flat | 69 | 79 | 62 | 12 | 1 | 11 |',
    );
    for (const chrome of [
      'Browser compatibility table on MDN',
      'Report problems',
      'Legend',
      'Copy',
      'Run',
      'Reset',
      'JavaScript Demo',
      'Help improve MDN',
    ]) {
      expect(markdown, chrome).not.toContain(chrome);
    }
  });

  it('says where the compat table is while the page has not drawn it', () => {
    const doc = fredPage();
    const lazy = doc.querySelector('mdn-compat-table-lazy') as Element;
    lazy.replaceChildren();
    attachOpenShadow(lazy, '<p>Loading…</p>');
    const result = clipDocument(doc, { mode: 'article' });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.clip.markdown).toContain(
      '## Browser compatibility\n\n[Browser compatibility table on MDN](https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Array/flat#browser_compatibility)',
    );
    expect(result.clip.markdown).not.toContain('Loading');
  });

  it('reads a saved copy by its markup, and no page that only copies its layout', () => {
    expect(detectSite(fredPage('file:///home/me/Downloads/flat.html'))?.id).toBe('mdn');
    // fred's frame without MDN's name, elements or widgets: another site's documentation.
    const copycat = fredPage('https://docs.example.org/flat');
    for (const meta of copycat.querySelectorAll('meta[name="og:site_name"]')) meta.remove();
    for (const element of copycat.querySelectorAll(
      'mdn-placement-top, mdn-placement-sidebar, mdn-placement-bottom, mdn-survey, mdn-search-button, mdn-language-switcher, mdn-compat-table-lazy, mdn-content-feedback, .baseline-indicator, .example-header',
    )) {
      element.remove();
    }
    expect(copycat.getElementById('content')?.className).toContain('layout__content');
    expect(detectSite(copycat)).toBeUndefined();
  });

  it('claims the changed layout but reads nothing, so the generic engine clips it', () => {
    const html = fixture('changed-layout.html');
    const doc = pageFromHtml(html, fixtureOptions(html).url);
    const reading = readSite(doc, undefined);
    expect(reading.site?.id).toBe('mdn');
    expect(reading.clip).toBeNull();
  });
});
