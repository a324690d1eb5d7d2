import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
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

/** An article holding one infobox, in MediaWiki's markup (the same on every wiki). */
function articleWith(infobox: string, lang = 'en'): string {
  return `<!DOCTYPE html><html lang="${lang}"><head><title>Anders Selvik - Wikipedia</title></head>
<body class="skin-vector-2022"><h1 id="firstHeading" class="firstHeading"><span class="mw-page-title-main">Anders Selvik</span></h1>
<div id="mw-content-text"><div class="mw-content-ltr mw-parser-output" lang="${lang}">
${infobox}
<p><b>Anders Selvik</b> (1861–1934) was a Norwegian lighthouse keeper and politician.</p>
</div></div></body></html>`;
}

function clipMarkdown(html: string, url: string): string {
  const result = clipDocument(pageFromHtml(html, url), { mode: 'article' });
  if (!result.ok) throw new Error(result.error.code);
  expect(result.clip.site).toBe('wikipedia');
  return result.clip.markdown;
}

/**
 * Module:Infobox's rows across both columns ({{Infobox officeholder}}): the name above, a
 * subheader, a second image with its caption, section headers (one of them an empty rule), data
 * with no label ("In office").
 */
const OFFICEHOLDER = `<table class="infobox vcard"><tbody>
<tr><th colspan="2" class="infobox-above"><div class="fn">Anders Selvik</div></th></tr>
<tr><td colspan="2" class="infobox-subheader"><i>Keeper of Selvik Skerry Light</i></td></tr>
<tr><td colspan="2" class="infobox-image"><span class="mw-default-size" typeof="mw:File/Frameless"><a href="/wiki/File:Anders_Selvik_1900.jpg" class="mw-file-description"><img alt="Portrait of a bearded man" src="//upload.wikimedia.org/wikipedia/commons/thumb/a/a1/Anders_Selvik_1900.jpg/220px-Anders_Selvik_1900.jpg" decoding="async" width="220" height="290" class="mw-file-element" data-file-width="900" data-file-height="1187"></a></span><div class="infobox-caption">Selvik in 1900</div></td></tr>
<tr><th colspan="2" class="infobox-header">Member of the <a href="/wiki/Storting" title="Storting">Storting</a></th></tr>
<tr><td colspan="2" class="infobox-full-data"><span class="nowrap"><b>In office</b></span><br>1 January 1913&#160;– 31 December 1915</td></tr>
<tr><th scope="row" class="infobox-label">Constituency</th><td class="infobox-data">Søndre Bergenhus</td></tr>
<tr><th colspan="2" class="infobox-header"><div style="height:4px;width:100%"></div></th></tr>
<tr><th colspan="2" class="infobox-header">Personal details</th></tr>
<tr><th scope="row" class="infobox-label">Born</th><td class="infobox-data">2 March 1861<br><a href="/wiki/Sotra" title="Sotra">Sotra</a>, Norway</td></tr>
<tr><td colspan="2" class="infobox-image"><span class="mw-default-size" typeof="mw:File/Frameless"><a href="/wiki/File:Anders_Selvik_signature.svg" class="mw-file-description"><img alt="Anders Selvik's signature" src="//upload.wikimedia.org/wikipedia/commons/thumb/5/5f/Anders_Selvik_signature.svg/150px-Anders_Selvik_signature.svg.png" decoding="async" width="150" height="40" class="mw-file-element" srcset="//upload.wikimedia.org/wikipedia/commons/thumb/5/5f/Anders_Selvik_signature.svg/225px-Anders_Selvik_signature.svg.png 1.5x, //upload.wikimedia.org/wikipedia/commons/thumb/5/5f/Anders_Selvik_signature.svg/300px-Anders_Selvik_signature.svg.png 2x" data-file-width="600" data-file-height="160"></a></span><div class="infobox-caption">Signature, 1913</div></td></tr>
</tbody></table>`;

describe('wikipedia infobox rows across both columns', () => {
  it('keeps section headers, the subheader, unlabelled data and later images as rows', () => {
    const markdown = clipMarkdown(
      articleWith(OFFICEHOLDER),
      'https://en.wikipedia.org/wiki/Anders_Selvik',
    );
    expect(markdown).toContain(
      '![Portrait of a bearded man](https://upload.wikimedia.org/wikipedia/commons/thumb/a/a1/Anders_Selvik_1900.jpg/220px-Anders_Selvik_1900.jpg)\n\nSelvik in 1900\n\n' +
        '| Anders Selvik | |\n| --- | --- |\n' +
        '| *Keeper of Selvik Skerry Light* | |\n' +
        '| **Member of the [Storting](https://en.wikipedia.org/wiki/Storting)** | |\n' +
        '| **In office**, 1 January 1913 – 31 December 1915 | |\n' +
        '| Constituency | Søndre Bergenhus |\n' +
        '| **Personal details** | |\n' +
        '| Born | 2 March 1861, [Sotra](https://en.wikipedia.org/wiki/Sotra), Norway |\n' +
        "| ![Anders Selvik's signature](https://upload.wikimedia.org/wikipedia/commons/thumb/5/5f/Anders_Selvik_signature.svg/300px-Anders_Selvik_signature.svg.png)<br>Signature, 1913 | |\n\n",
    );
  });

  it('keeps the name above the image as a row when the infobox has a title of its own', () => {
    const withTitle = OFFICEHOLDER.replace(
      '<tbody>',
      '<caption class="infobox-title">Anders Selvik</caption><tbody>',
    ).replace(
      '<div class="fn">Anders Selvik</div>',
      '<div class="honorific-prefix">Captain</div><div class="fn">Anders Selvik</div>',
    );
    const markdown = clipMarkdown(
      articleWith(withTitle),
      'https://en.wikipedia.org/wiki/Anders_Selvik',
    );
    expect(markdown).toContain(
      '| Anders Selvik | |\n| --- | --- |\n| **Captain Anders Selvik** | |\n',
    );
  });

  it('keeps a location map under its caption, without the pin drawn over it', () => {
    const html = readSiteFixture('wikipedia/fixtures/settlement-infobox.html');
    const markdown = clipMarkdown(html, fixtureOptions(html).url ?? '');
    expect(markdown).toContain(
      '| ![Selvik is located in Vestland](https://upload.wikimedia.org/wikipedia/commons/thumb/4/4e/Norway_Vestland_location_map.svg/500px-Norway_Vestland_location_map.svg.png)<br>Location of the village | |\n',
    );
    expect(markdown).not.toContain('Red_pog');
    expect(markdown).toContain(
      '| **Area[^1]** | |\n| • Total | 1.21 km<sup>2</sup> (0.47 sq mi) |\n',
    );
  });

  it("keeps the map a switcher shows first, without the switcher's buttons", () => {
    const map = (region: string, file: string, shown: boolean) =>
      `<div class="center"${shown ? '' : ' style="display:none"'}><div class="locmap noviewer noresize" style="width:250px;float:none;clear:both;margin-left:auto;margin-right:auto"><div style="width:250px;padding:0"><div style="position:relative;width:250px"><span class="notpageimage" typeof="mw:File"><span><img alt="Selvik is located in ${region}" src="//upload.wikimedia.org/wikipedia/commons/thumb/4/4e/${file}/250px-${file}.png" decoding="async" width="250" height="280" class="mw-file-element"></span></span><div class="od" style="top:61.4%;left:9.8%"><div class="id" style="left:-3px;top:-3px"><span class="notpageimage" typeof="mw:File"><span title="Selvik"><img alt="Selvik" src="//upload.wikimedia.org/wikipedia/commons/thumb/0/0c/Red_pog.svg/6px-Red_pog.svg.png" decoding="async" width="6" height="6" class="mw-file-element"></span></span></div></div></div><div>Location in ${region}</div></div></div></div>`;
    const switcher = `<table class="infobox vcard"><tbody>
<tr><th colspan="2" class="infobox-above">Selvik</th></tr>
<tr><td colspan="2" class="infobox-image"><span class="mw-default-size" typeof="mw:File/Frameless"><a href="/wiki/File:Selvik_harbour_2021.jpg" class="mw-file-description"><img alt="Boathouses along a small harbour" src="//upload.wikimedia.org/wikipedia/commons/thumb/6/6d/Selvik_harbour_2021.jpg/250px-Selvik_harbour_2021.jpg" decoding="async" width="250" height="167" class="mw-file-element"></a></span></td></tr>
<tr><th scope="row" class="infobox-label">Country</th><td class="infobox-data">Norway</td></tr>
<tr><td colspan="2" class="infobox-full-data"><div class="switcher-container">${map('Vestland', 'Norway_Vestland_location_map.svg', true)}${map('Norway', 'Norway_location_map.svg', false)}<label style="display:block"><input name="switcher-0" type="radio">Show map of Vestland</label><label style="display:block"><input name="switcher-0" type="radio">Show map of Norway</label></div></td></tr>
</tbody></table>`;
    const markdown = clipMarkdown(
      articleWith(switcher),
      'https://en.wikipedia.org/wiki/Anders_Selvik',
    );
    expect(markdown).toContain(
      '| Country | Norway |\n| ![Selvik is located in Vestland](https://upload.wikimedia.org/wikipedia/commons/thumb/4/4e/Norway_Vestland_location_map.svg/250px-Norway_Vestland_location_map.svg.png)<br>Location in Vestland | |\n',
    );
    expect(markdown).not.toContain('Norway_location_map');
    expect(markdown).not.toContain('Show map');
  });

  it('reads a header cell alone across a hand-made infobox as a section header', () => {
    const handMade = `<table class="infobox" style="width:22em"><tbody>
<tr><th colspan="2" style="background:#ccf;text-align:center">Selvik Skerry Light</th></tr>
<tr><th>Lit</th><td>1889</td></tr>
<tr><th colspan="2" style="background:#ccf">Keepers</th></tr>
<tr><th>1889–1921</th><td>Anders Selvik</td></tr>
</tbody></table>`;
    const markdown = clipMarkdown(
      articleWith(handMade),
      'https://en.wikipedia.org/wiki/Anders_Selvik',
    );
    expect(markdown).toContain(
      '| | |\n| --- | --- |\n| **Selvik Skerry Light** | |\n| Lit | 1889 |\n| **Keepers** | |\n| 1889–1921 | Anders Selvik |\n',
    );
  });
});

/**
 * The French Wikipedia's current template, `div.infobox_v3`: a section named by a `p.bloc` before
 * its table, the picture's caption a `p.legend`, the footer a `p.navbar`.
 */
const FRENCH_INFOBOX_V3 = `<div class="infobox_v3 infobox infobox--frwiki noarchive large">
<div class="entete icon defaut" style="background-color:#c3a860;"><div>Anders Selvik</div></div>
<div class="images"><span typeof="mw:File"><a href="/wiki/Fichier:Anders_Selvik_1900.jpg" class="mw-file-description"><img alt="Description de cette image, également commentée ci-après" src="//upload.wikimedia.org/wikipedia/commons/thumb/a/a1/Anders_Selvik_1900.jpg/220px-Anders_Selvik_1900.jpg" decoding="async" width="220" height="290" class="mw-file-element"></a></span></div>
<p class="legend">Anders Selvik en 1900.</p>
<p class="bloc" style="background:#ede5cf;">Biographie</p>
<table>
<tr><th scope="row" style="width:9em;">Naissance</th><td>2 mars 1861<br><a href="/wiki/Sotra" title="Sotra">Sotra</a></td></tr>
<tr><th scope="row" style="width:9em;">Activité</th><td>Gardien de phare</td></tr>
</table>
<table><caption class="bordered">Fonction</caption>
<tbody><tr><th scope="row">Député au Storting</th><td>1913-1915</td></tr></tbody>
</table>
<p class="navbar bordered noprint"><span class="plainlinks"><a class="external text" href="//fr.wikipedia.org/w/index.php?title=Anders_Selvik&amp;action=edit&amp;section=0">modifier</a></span></p>
</div>`;

describe('wikipedia French infobox_v3', () => {
  it('reads the blocks as one table: heading, section names in bold, label and value', () => {
    const markdown = clipMarkdown(
      articleWith(FRENCH_INFOBOX_V3, 'fr'),
      'https://fr.wikipedia.org/wiki/Anders_Selvik',
    );
    expect(markdown).toContain(
      '![Description de cette image, également commentée ci-après](https://upload.wikimedia.org/wikipedia/commons/thumb/a/a1/Anders_Selvik_1900.jpg/220px-Anders_Selvik_1900.jpg)\n\nAnders Selvik en 1900.\n\n' +
        '| Anders Selvik | |\n| --- | --- |\n' +
        '| **Biographie** | |\n' +
        '| Naissance | 2 mars 1861, [Sotra](https://fr.wikipedia.org/wiki/Sotra) |\n' +
        '| Activité | Gardien de phare |\n' +
        '| **Fonction** | |\n' +
        '| Député au Storting | 1913-1915 |\n\n',
    );
    expect(markdown).not.toContain('modifier');
  });
});

/**
 * GFM draws footnote definitions at the end of the note, whatever their place in the Markdown:
 * a "Notes" or "References" heading left where the page had it would stand over nothing, in
 * any language. It heads the footnotes at the end instead.
 */
describe('wikipedia notes sections', () => {
  const cases = [
    'vector-2022-today',
    'frwiki-infobox-v3',
    'settlement-infobox',
    'mobile-sections',
    'list-article',
  ];
  for (const name of cases) {
    it(`leaves no heading standing over nothing (${name})`, () => {
      const html = readSiteFixture(`wikipedia/fixtures/${name}.html`);
      const result = clipDocument(pageFromHtml(html, fixtureOptions(html).url), {
        mode: 'article',
      });
      if (!result.ok) throw new Error(result.error.code);
      const rendered = micromark(result.clip.markdown, {
        extensions: [gfm()],
        htmlExtensions: [gfmHtml()],
      });
      // Every heading is followed by something of its own: text, a subsection, or the footnotes.
      const empty = [...rendered.matchAll(/<h([1-6])[^>]*>(.*?)<\/h\1>\s*(?:<h([1-6])|$)/g)].filter(
        (match) => match[3] === undefined || Number(match[3]) <= Number(match[1]),
      );
      expect(empty.map((match) => match[2])).toEqual([]);
      expect(rendered).toMatch(/<\/h2>\s*<section data-footnotes/);
    });
  }
});

/** French headings, the list two wrappers deep, and a section after the notes. */
const FRENCH_NOTES = `<!DOCTYPE html><html lang="fr"><head><title>Phare de Selvik — Wikipédia</title></head>
<body class="skin-vector-2022"><h1 id="firstHeading" class="firstHeading"><span class="mw-page-title-main">Phare de Selvik</span></h1>
<div id="mw-content-text"><div class="mw-content-ltr mw-parser-output" lang="fr">
<p>Le <b>phare de Selvik</b> est allumé en 1889.<sup id="cite_ref-1" class="reference"><a href="#cite_note-1">[1]</a></sup></p>
<div class="mw-heading mw-heading2"><h2 id="Notes_et_références">Notes et références</h2></div>
<div class="reflist"><div class="mw-references-wrap"><ol class="references">
<li id="cite_note-1"><span class="mw-cite-backlink"><a href="#cite_ref-1">↑</a></span> <span class="reference-text">Liste des feux, Kystverket, 2024.</span></li>
</ol></div></div>
<div class="mw-heading mw-heading2"><h2 id="Liens_externes">Liens externes</h2></div>
<ul><li><a href="https://fyr.example.no/selvik">Le phare sur le site des gardiens</a></li></ul>
</div></div></body></html>`;

describe('wikipedia notes section followed by another', () => {
  it('moves the notes heading to the footnotes instead of leaving it over nothing', () => {
    const doc = pageFromHtml(FRENCH_NOTES, 'https://fr.wikipedia.org/wiki/Phare_de_Selvik');
    const result = clipDocument(doc, { mode: 'article' });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.clip.site).toBe('wikipedia');
    const rendered = micromark(result.clip.markdown, {
      extensions: [gfm()],
      htmlExtensions: [gfmHtml()],
    });
    expect(rendered).toMatch(
      /<h2>Liens externes<\/h2>\s*<ul>[\s\S]*<\/ul>\s*<h2>Notes et références<\/h2>\s*<section data-footnotes/,
    );
    expect(rendered).toContain('Liste des feux, Kystverket, 2024.');
  });
});
