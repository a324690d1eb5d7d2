import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { readSiteFixture } from '../../../support/site-fixtures';
import { pageFromHtml } from '../dom';
import { fixtureOptions } from '../fixture-page';

/**
 * The mobile site (MobileFrontend) as it is in a tab rather than in a saved copy: images not yet
 * scrolled into view are a `span.lazy-image-placeholder` beside a `<noscript>` whose `<img>` the
 * browser keeps as text, since scripting is on.
 */
function liveMobilePage(): Document {
  const html = readSiteFixture('wikipedia/fixtures/mobile-sections.html');
  const doc = pageFromHtml(html, fixtureOptions(html).url);
  for (const noscript of doc.querySelectorAll('noscript')) {
    noscript.textContent = noscript.innerHTML;
  }
  return doc;
}

describe('wikipedia mobile site in a tab', () => {
  it('keeps the infobox image and its caption while the image is still lazy', () => {
    const doc = liveMobilePage();
    expect(doc.querySelector('.infobox img')).toBeNull();
    const result = clipDocument(doc, { mode: 'article' });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.clip.site).toBe('wikipedia');
    expect(result.clip.markdown).toContain(
      '![A white cast-iron tower on a bare rock](https://upload.wikimedia.org/wikipedia/commons/thumb/3/3c/Selvik_skerry_light_2019.jpg/250px-Selvik_skerry_light_2019.jpg)\n\nThe light seen from the ferry in 2019\n\n| Selvik Skerry Light | |',
    );
    expect(result.clip.markdown).toContain(
      '## History\n\n![](https://upload.wikimedia.org/wikipedia/commons/thumb/1/1e/Selvik_skerry_1905.jpg/250px-Selvik_skerry_1905.jpg)',
    );
  });
});

/** A wiki on the older French template: `table.infobox_v2`, its title a `caption.entete`. */
const FRENCH_INFOBOX = `<!DOCTYPE html><html lang="fr"><head><title>Phare de Selvik — Wikipédia</title></head>
<body class="skin-vector-2022"><h1 id="firstHeading" class="firstHeading"><span class="mw-page-title-main">Phare de Selvik</span></h1>
<div id="mw-content-text"><div class="mw-content-ltr mw-parser-output" lang="fr">
<table class="infobox_v2" cellspacing="7"><caption class="entete fort">Phare de Selvik</caption><tbody>
<tr><th scope="row">Localisation</th><td>Vestland</td></tr>
<tr><th scope="row">Construction</th><td>1889</td></tr>
</tbody></table>
<p>Le <b>phare de Selvik</b> est un phare côtier de Norvège.</p>
</div></div></body></html>`;

describe('wikipedia infobox variants', () => {
  it('reads an infobox_v2 as a table of label and value', () => {
    const doc = pageFromHtml(FRENCH_INFOBOX, 'https://fr.wikipedia.org/wiki/Phare_de_Selvik');
    const result = clipDocument(doc, { mode: 'article' });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.clip.site).toBe('wikipedia');
    expect(result.clip.markdown).toContain(
      '| Phare de Selvik | |\n| --- | --- |\n| Localisation | Vestland |\n| Construction | 1889 |',
    );
  });
});
