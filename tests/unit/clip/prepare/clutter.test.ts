import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { isBylineLine, isDateline } from '../../../../utils/clip/prepare/clutter';

/** The clip of a page (article mode unless asked otherwise), as its Markdown. */
function markdownOf(html: string, url: string, mode: 'article' | 'full-page' = 'article'): string {
  const result = clipDocument(new JSDOM(html, { url }).window.document, { mode });
  if (!result.ok) throw new Error(result.error.code);
  return result.clip.markdown;
}

/** An article's paragraphs `from` to `to` (exclusive), each "<lead> <n>: <sentence>". */
function numbered(lead: string, sentence: string): (from: number, to: number) => string {
  return (from, to) =>
    Array.from(
      { length: to - from },
      (_, index) => `<p>${lead} ${from + index}: ${sentence}</p>`,
    ).join('');
}

// Lines seen on the extraction benchmark's news pages, and prose that must survive.
describe('datelines', () => {
  it.for([
    'Updated Nov 19, 6:55 AM;Posted Nov 19, 6:51 AM',
    'PUBLISHED: 10:48, Tue, Nov 19, 2019 | UPDATED: 11:05, Tue, Nov 19, 2019',
    'Posted: Fri 6:45 PM, Feb 16, 2018 |',
    'November 19, 2019 | 4:20am | Updated November 19, 2019 | 9:32pm',
    'Published 1 day ago',
    'Updated at 1:23 p.m.',
    'sexta-feira, 22 de outubro de 2010 às 20:13',
    '19.11.2019, 08:57',
  ])('%s is a dateline', (line) => {
    expect(isDateline(line)).toBe(true);
  });

  it.for([
    'The council met on Nov 19 to vote on the plan.',
    'Doors open at 7:30 pm and the concert starts an hour later',
    'Sales rose 4% in the quarter to September 30, the company said on Monday.',
    'Version 1.2.10',
  ])('%s is prose', (line) => {
    expect(isDateline(line)).toBe(false);
  });
});

describe('bylines', () => {
  it('knows a byline with and without a date', () => {
    expect(isBylineLine('By Stefan Becket, Kathryn Watson, Grace Segers')).toBe(true);
    expect(isBylineLine('By Justine Coleman - 11/18/19 11:04 PM EST')).toBe(true);
  });

  it('leaves sentences that start with "By"', () => {
    expect(isBylineLine('By Tuesday the river had risen two metres.')).toBe(false);
    expect(isBylineLine('By the time the vote came, most members had left')).toBe(false);
  });
});

describe('section kickers', () => {
  const STORY = Array.from(
    { length: 5 },
    (_, index) =>
      `<p>Paragraph ${index}: a flaw in the popular game makes it easy for just about anyone to crash the server hosting it, according to the programmer who reported it two years ago.</p>`,
  ).join('');
  const URL = 'https://news.example/information-technology/2015/04/game-servers-crash/';
  const clip = (header: string, url = URL) => {
    return markdownOf(
      `<html><head><title>Exploit crashes game servers</title></head><body><article><header>${header}<h1>Exploit crashes game servers</h1><h2>Two-year-old bug exposes thousands of servers.</h2></header>${STORY}</article></body></html>`,
      url,
    );
  };

  it.for([
    '<h4>Biz &amp; IT —</h4>',
    '<p>Opinion |</p>',
    '<div><a href="/information-technology/">Biz &amp; IT</a> ›</div>',
    '<h4><a href="/information-technology/">Biz &amp; IT</a></h4>',
    '<p><a href="https://news.example/information-technology">Biz &amp; IT</a>:</p>',
  ])('%s over the headline is left out', (kicker) => {
    const markdown = clip(kicker);
    expect(markdown).not.toMatch(/Biz & IT|Opinion/);
    expect(markdown.startsWith('## Two-year-old bug')).toBe(true);
  });

  it.for([
    // No separator, and not a link to a section the page sits in.
    ['<h4>Biz &amp; IT</h4>', '#### Biz & IT'],
    ['<h4><a href="/science/">Science</a></h4>', '#### [Science]'],
    ['<h4><a href="https://elsewhere.example/information-technology/">Biz</a></h4>', '#### [Biz]'],
    // A label longer than a kicker.
    ['<p>Analysis of the vulnerability by our security desk —</p>', 'Analysis of the'],
  ])('%s stays', ([header, kept]) => {
    expect(clip(header as string).startsWith(kept as string)).toBe(true);
  });
});

describe('ad slots', () => {
  const PAGE = 'https://bikes.example/reviews/2019/11/helmet-review';
  const paragraphs = numbered(
    'Paragraph',
    'the helmet is light, quiet at motorway speeds and its visor seals well, though the chin vent is hard to reach with winter gloves on.',
  );
  const clip = (slot: string) => {
    return markdownOf(
      `<html><head><title>Helmet review</title></head><body><article>${paragraphs(0, 2)}${slot}${paragraphs(2, 6)}</article></body></html>`,
      PAGE,
    );
  };
  const slot = (label: string, picture: string) =>
    `<div><center><span>${label}</span><br> ${picture}</center></div>`;

  it('leaves out a labelled slot whose banner comes from or links to another site', () => {
    for (const picture of [
      '<img src="https://ads.example.net/serve.php?zone=9" alt="">',
      '<a href="https://ads.example.net/click.php?zone=9"><img src="/banner.gif" alt=""></a>',
    ]) {
      const markdown = clip(slot('Advert', picture));
      expect(markdown).toContain('Paragraph 5');
      expect(markdown).not.toMatch(/Advert|ads\.example|banner\.gif/);
    }
  });

  it('keeps a picture of the site’s own, and a picture under other words', () => {
    // Readability itself drops blocks whose whole text is "Advertisement"; "Advert" it keeps.
    const own = clip(
      slot('Advert', '<img src="/photos/helmet-side.jpg" alt="The helmet from the side">'),
    );
    expect(own).toContain('helmet-side.jpg');
    const other = clip(
      slot(
        'A 1950s helmet advert',
        '<img src="https://archive.example.org/advert-1950.jpg" alt="">',
      ),
    );
    expect(other).toContain('advert-1950.jpg');
  });

  it('leaves out a slot of an ad unit’s size, whatever language its label is in', () => {
    // WordPress.com labels its slots in the blog's language ("Iklan") over an empty 300×250 box
    // that the ad server's script fills; the label stood alone between two paragraphs.
    const unit = (label: string, width: number, height: number) =>
      `<div class="wpcnt"><div class="wpa"><span class="wpa-about">${label}</span><div class="u"><div style="padding-bottom:15px;width:${width}px;height:${height}px;float:left"><div id="atatags-1"><script>__ATA.cmd.push(function(){__ATA.initSlot('atatags-1', {sectionId: '1', width: ${width}, height: ${height}});});</script></div></div></div></div></div>`;
    for (const label of ['Iklan', 'Anzeige', 'Publicité', '广告']) {
      const markdown = clip(unit(label, 300, 250));
      expect(markdown).toContain('Paragraph 5');
      expect(markdown).not.toContain(label);
    }
    // Another size, or a box that holds words or a picture, is the page's own.
    expect(clip(unit('Iklan', 310, 250))).toContain('Iklan');
    const quote = clip(
      '<div><span>Quote</span><div style="width:300px;height:250px">Light, quiet, and the visor seals.</div></div>',
    );
    expect(quote).toContain('Light, quiet, and the visor seals.');
    const picture = clip(
      '<figure><div style="width:300px;height:250px"><img src="/photos/helmet-top.jpg" alt="The helmet from above"></div><figcaption>Top</figcaption></figure>',
    );
    expect(picture).toContain('helmet-top.jpg');
  });

  it('leaves out ad labels and banners in full-page mode, and keeps the words and pictures around them', () => {
    // Full-page clips skip the clutter pass; Kotaku's saved page wrote "Advertisement" 109 times.
    const label = (word: string) =>
      `<div class="js_ad-dynamic movable-ad"><div class="ad-unit ad-mobile"><div class="bxm4mm-6">
        ${word}</div><div is="bulbs-dfp" data-ad-unit="MOBILE_IN_POST"></div></div></div>`;
    const markdown = markdownOf(
      rosesPage(
        `${label('Advertisement')}<h2>Tools</h2>${label('Sponsored')}<p>Sharp bypass secateurs and gloves.</p>
        <p>Advertisement</p><p><span>Advert</span><br><a href="https://ads.example/ck.php?n=1"><img src="https://ads.example/avw.php?zoneid=908" alt=""></a></p><figure><img src="/photos/gloves.jpg" alt="Gloves"><figcaption>Advertisement</figcaption></figure>
        <p>Advertisements from 1950 show the same secateurs.</p><h3><span>Sponsored</span></h3><p>Our seed trays came from the allotment society.</p>`,
      ),
      ROSES_URL,
      'full-page',
    );
    expect(markdown).toContain('Step 4');
    expect(markdown).toContain('## Tools\n\nSharp bypass secateurs and gloves.');
    expect(markdown).toContain('gloves.jpg');
    expect(markdown).toContain('Advertisements from 1950 show the same secateurs.');
    // The ad server's banner goes with its label; the site's own picture keeps its caption.
    expect(markdown).not.toMatch(/Advert\b|ads\.example/);
    expect(markdown.match(/Advertisement|Sponsored/g)).toEqual([
      'Advertisement',
      'Advertisement',
      'Sponsored',
    ]);
    expect(markdown).toContain('### Sponsored\n\nOur seed trays');
  });
});

describe('pictures linked to a home page', () => {
  const PAGE = 'https://news.example/2019/11/20/council-budget';
  const paragraphs = numbered(
    'Paragraph',
    'the council voted to keep the libraries open on Sundays, and the budget it passed moves money from road resurfacing to the bus network.',
  );

  it('leaves out a logo, an author photo and a house promotion that link to a site’s front page', () => {
    const markdown = markdownOf(
      `<html><head><title>Council budget</title></head><body><article>
        <p><a href="https://news.example/"><img src="/img/masthead.png" alt="The News"></a></p>
        ${paragraphs(0, 4)}
        <div><a href="https://janedoe.example/"><img src="https://cdn.example/jane.jpg" alt="Photo of Jane Doe"></a></div>
        ${paragraphs(4, 6)}
        <p><a href="http://puzzles.news.example/index.html"><img src="https://cdn.example/puzzles.jpg" alt=""></a></p>
      </article></body></html>`,
      PAGE,
    );
    expect(markdown).toContain('Paragraph 5');
    expect(markdown).not.toMatch(/masthead|jane\.jpg|puzzles/);
  });

  it('keeps pictures that link to their full size or to a story, words that link home, and captioned figures', () => {
    const markdown = markdownOf(
      `<html><head><title>Council budget</title></head><body><article>
        ${paragraphs(0, 2)}
        <p><a href="/photos/council-chamber-large.jpg"><img src="/photos/council-chamber.jpg" alt="The council chamber"></a></p>
        ${paragraphs(2, 4)}
        <p><a href="https://news.example/2019/10/02/bus-network"><img src="/photos/bus.jpg" alt="A bus"></a></p>
        <figure><a href="https://library.example/"><img src="/photos/library.jpg" alt=""></a><figcaption>The central library, open on Sundays from January.</figcaption></figure>
        ${paragraphs(4, 6)}
        <p>Read more at <a href="https://news.example/">news.example</a>.</p>
      </article></body></html>`,
      PAGE,
    );
    expect(markdown).toContain('council-chamber.jpg');
    expect(markdown).toContain('bus.jpg');
    expect(markdown).toContain('library.jpg');
    expect(markdown).toContain('[news.example](https://news.example/)');
  });
});

describe('a banner the article ends with', () => {
  const PAGE = 'https://www.space.example/45623-europa-plumes.html';
  const paragraphs = numbered(
    'Paragraph',
    'the plumes of Europa carry water from the ocean under the ice into space, where a probe flying through them could sample it without landing.',
  );
  const clip = (ending: string) =>
    markdownOf(
      `<html><head><title>Europa's plumes</title></head><body><article>${paragraphs(0, 6)}${ending}</article></body></html>`,
      PAGE,
    );

  it('leaves out a picture from one site linking to a third, with the heading left over nothing', () => {
    for (const ending of [
      '<a href="https://shop.magazines.example/subscribe?utm_source=space"></a><figure><a href="https://shop.magazines.example/subscribe?utm_source=space"><p><img src="https://cdn.futurecdn.example/holiday-offer.png" alt="All About Space Holiday 2019"></p></a></figure>',
      '<p><em>We use affiliate links.</em></p><div><a href="http://short.example/2QcKbYx"><img src="https://www.space.example/uploads/charger-banner.jpg" alt="A 100W charger"></a></div><div><h2>About the author</h2><div></div></div>',
    ]) {
      const markdown = clip(ending);
      expect(markdown).toContain('Paragraph 5');
      expect(markdown).not.toMatch(/holiday-offer|charger-banner|About the author/);
    }
  });

  it('keeps a picture linking to its full size, its host’s page, the page’s own site, or under words', () => {
    for (const [ending, kept] of [
      [
        '<p><a href="https://www.flickr.example/photos/nasa/5123"><img src="https://live.staticflickr.example/5123_b.jpg" alt="Europa"></a></p>',
        '5123_b.jpg',
      ],
      [
        '<p><a href="https://images.nasa.example/europa-large.jpg"><img src="https://cdn.photos.example/europa-small.jpg" alt="Europa"></a></p>',
        'europa-small.jpg',
      ],
      [
        '<p><a href="https://www.space.example/europa-clipper"><img src="https://cdn.photos.example/clipper.jpg" alt="Europa Clipper"></a></p>',
        'clipper.jpg',
      ],
      [
        '<figure><a href="https://shop.example/poster"><img src="https://cdn.photos.example/poster.jpg" alt=""></a><figcaption>The plume, as painted for the mission poster.</figcaption></figure>',
        'poster.jpg',
      ],
      [
        '<p><a href="https://shop.example/poster"><img src="https://cdn.photos.example/banner.jpg" alt=""></a></p><p>Paragraph 6: the mission launches in the mid-2020s and will fly past Europa dozens of times.</p>',
        'banner.jpg',
      ],
    ]) {
      expect(clip(ending as string)).toContain(kept as string);
    }
  });
});

describe('a teaser after a short label and a separator', () => {
  const STORY = numbered(
    'Paragraphe',
    'les loyers des ateliers ont doublé en dix ans, et les artisans quittent les pentes pour des quartiers moins chers.',
  );
  const clip = (middle: string) =>
    markdownOf(
      `<html><head><title>Les pentes se vident</title></head><body><article><h1>Les pentes se vident</h1>${STORY(0, 3)}${middle}${STORY(3, 6)}</article></body></html>`,
      'https://journal.example/societe/article/2024/03/12/les-pentes',
    );

  it('leaves out the label and its headline, in any language', () => {
    for (const label of ['Lire aussi |', 'Lesen Sie auch:', 'Leer más »']) {
      const markdown = clip(
        `<section class="catcher"><span>${label}</span> <a href="/economie/article/2024/01/05/les-loyers-flambent">Les loyers commerciaux flambent dans les centres-villes</a></section>`,
      );
      expect(markdown).not.toContain('flambent');
      expect(markdown).toContain('Paragraphe 3');
    }
  });

  it("keeps a paragraph, and a list's items (a book's chapters)", () => {
    const headline =
      '<a href="/economie/article/2024/01/05/les-loyers-flambent">Les loyers commerciaux flambent dans les centres-villes</a>';
    expect(clip(`<p>Lire aussi : ${headline}</p>`)).toContain('flambent');
    const chapters = `<ol><li>Chapitre 1 : ${headline}</li><li>Chapitre 2 : <a href="/economie/article/2024/02/01/les-ateliers">Les ateliers ferment les uns après les autres</a></li></ol>`;
    expect(clip(chapters)).toMatch(/flambent[\s\S]*ferment/);
  });

  it("leaves out a paragraph's bold label and its headline, and keeps a bold step's link", () => {
    // Onet and many portals: "<p><strong>Czytaj także:</strong> <a>…</a></p>" between paragraphs.
    const story =
      '<a href="/economie/article/2024/01/05/les-loyers-flambent">Les loyers commerciaux flambent dans les centres-villes</a>';
    for (const label of ['Czytaj także:', 'Lire aussi |', 'Read more:']) {
      const markdown = clip(`<p><strong>${label}</strong> ${story}</p>`);
      expect(markdown).not.toContain('flambent');
      expect(markdown).toContain('Paragraphe 3');
    }
    // A step's link to a tool or a download of the site is the writer's instruction.
    const step = clip(
      '<p><strong>Étape 1 :</strong> <a href="/outils/simulateur">Ouvrez le simulateur de loyer du journal</a></p>',
    );
    expect(step).toContain('simulateur de loyer');
  });
});

describe('ad slots named by the markup', () => {
  const STORY = numbered(
    'Akapit',
    'budowa stacji metra na Bródnie potrwa dłużej, niż zakładał harmonogram przedstawiony w zeszłym roku.',
  );
  const clip = (middle: string) =>
    markdownOf(
      `<html><head><title>Metro na Bródno później</title></head><body><article><h1>Metro na Bródno później</h1>${STORY(0, 3)}${middle}${STORY(3, 6)}</article></body></html>`,
      'https://wiadomosci.example/warszawa/metro-na-brodno-pozniej/x7k2pqm',
    );

  it("leaves out a slot's label in any language, by the slot's class", () => {
    const slots = [
      '<div class="ad-slot ad-slot--inside"><span class="ad-slot__label">REKLAMA</span><div class="adv-placeholder"></div></div>',
      '<div class="ad ad-giga" id="elpais_gpt-LDB1"><span class="ad_l">Publicidad</span></div>',
      '<div class="ad_content" id="left_hzh_ad"><span class="tag">广告</span></div>',
      '<div class="AdLabel-3"><span>Anzeige</span></div>',
    ];
    for (const slot of slots) {
      const markdown = clip(slot);
      expect(markdown).toContain('Akapit 3');
      expect(markdown).not.toMatch(/REKLAMA|Publicidad|广告|Anzeige/);
    }
  });

  it('keeps what such a name does not mark as an ad: headings, sentences, pictures, other words', () => {
    const kept = [
      '<h3 class="ad-title">Reklama</h3><p>Akapit o reklamie: miasto zarabia na billboardach przy stacjach.</p>',
      '<div class="ads-note">Reklamy finansują ten serwis od 2004 roku.</div>',
      '<div class="ad-slot"><img src="/zdjecia/stacja.jpg" alt="Stacja Bródno"></div>',
      '<div class="info-address">Kondratowicza 20</div>',
    ];
    expect(clip(kept[0] as string)).toContain('Reklama');
    expect(clip(kept[1] as string)).toContain('Reklamy finansują');
    expect(clip(kept[2] as string)).toContain('stacja.jpg');
    expect(clip(kept[3] as string)).toContain('Kondratowicza 20');
  });
});

describe('headline runs', () => {
  const PAGE = 'https://krant.example/binnenland/2019/11/dijk-bij-deventer-versterkt';
  const STORY = Array.from(
    { length: 5 },
    (_, index) =>
      `<p>Alinea ${index}: het waterschap versterkt de dijk langs de IJssel over een lengte van vier kilometer, zodat het dorp ook bij een hoge rivierstand droog blijft.</p>`,
  ).join('');
  const headline = (path: string, words: string, tag = 'p') =>
    `<${tag}><a href="${path}">${words}</a></${tag}>`;
  const clip = (after: string) => {
    return markdownOf(
      `<html><head><title>Dijk bij Deventer versterkt</title></head><body><article><h1>Dijk bij Deventer versterkt</h1>${STORY}${after}</article></body></html>`,
      PAGE,
    );
  };
  const HEADLINES = [
    ['/binnenland/2019/11/veerpont-vaart-weer', 'Veerpont over de IJssel vaart weer na storing'],
    ['/economie/2019/11/haven-groeit', 'Haven van Rotterdam groeit voor het vierde jaar'],
    ['/sport/2019/11/go-ahead-wint', 'Go Ahead Eagles wint in blessuretijd van Heracles'],
  ] as const;

  it('leaves out three headlines in a row, paragraphs or one-item lists, with the heading over them', () => {
    for (const wrap of ['p', 'h4']) {
      const run = HEADLINES.map(([path, words]) => headline(path, words, wrap)).join('');
      const markdown = clip(`<h3>Lees ook</h3>${run}`);
      expect(markdown).toContain('Alinea 4');
      expect(markdown).not.toMatch(/Veerpont|Haven van|Go Ahead|Lees ook/);
    }
    const lists = HEADLINES.map(
      ([path, words]) => `<ul><li>${headline(path, words, 'h4')}</li></ul>`,
    );
    expect(clip(lists.join('\n'))).not.toMatch(/Veerpont|Haven van|Go Ahead/);
  });

  it('leaves out short headlines when each is a heading that is only its link', () => {
    const lists = (titles: string[]) =>
      titles
        .map(
          (words, index) =>
            `<ul><li><h4><a href="/wetenschap/${index}">${words}</a></h4></li></ul>`,
        )
        .join('');
    const markdown = clip(
      `<h4>Meer:</h4>${lists(['De nieuwe ruimterace', 'Wandelen in de ruimte', 'Marslanding getest'])}`,
    );
    expect(markdown).toContain('Alinea 4');
    expect(markdown).not.toMatch(/ruimterace|Wandelen|Marslanding|Meer:/);
    // A word each is more often a row of labels (tabs, sections) than other stories.
    expect(clip(lists(['Ruimte', 'Mars', 'Maan']))).toMatch(/Ruimte[\s\S]*Mars[\s\S]*Maan/);
  });

  it('keeps two headlines, links to other sites, short links and links inside sentences', () => {
    const two = HEADLINES.slice(0, 2)
      .map(([path, words]) => headline(path, words))
      .join('');
    expect(clip(`<h3>Lees ook</h3>${two}`)).toMatch(/Lees ook[\s\S]*Veerpont[\s\S]*Haven van/);
    const elsewhere = HEADLINES.map(([path, words]) =>
      headline(`https://bron.example${path}`, words),
    ).join('');
    expect(clip(elsewhere)).toMatch(/Veerpont[\s\S]*Haven van[\s\S]*Go Ahead/);
    const short = ['/a', '/b', '/c'].map((path) => headline(path, 'Kort bericht hier')).join('');
    expect(clip(short).match(/Kort bericht hier/g)).toHaveLength(3);
    const sentences = HEADLINES.map(
      ([path, words]) => `<p>Eerder schreven we: <a href="${path}">${words}</a>.</p>`,
    ).join('');
    expect(clip(sentences)).toMatch(/Veerpont[\s\S]*Haven van[\s\S]*Go Ahead/);
  });

  it('keeps the heading when the section goes on after the headlines', () => {
    const run = HEADLINES.map(([path, words]) => headline(path, words)).join('');
    const markdown = clip(
      `<h3>Achtergrond</h3>${run}<p>Het waterschap verwacht dat de werkzaamheden tot het voorjaar duren en dat de fietsroute over de dijk zo lang dicht blijft.</p>`,
    );
    expect(markdown).toContain('### Achtergrond');
    expect(markdown).not.toContain('Veerpont');
  });
});

describe('menus', () => {
  const PAGE = 'https://avis.example/monde/2019/11/port-rouvert';
  const STORY = Array.from(
    { length: 5 },
    (_, index) =>
      `<p>Paragraphe ${index} : le port rouvre après trois semaines de travaux sur les quais, et les premiers ferries sont attendus dès lundi matin selon la capitainerie.</p>`,
  ).join('');
  const clip = (before: string, after = '') => {
    return markdownOf(
      `<html><head><title>Le port rouvre</title></head><body><article>${before}${STORY}${after}</article></body></html>`,
      PAGE,
    );
  };
  const item = (path: string, words: string, inside = '') =>
    `<li><a href="${path}">${words}</a>${inside}</li>`;

  it('leaves out a menu before the article whose items open submenus with labels of their own', () => {
    const submenu = `<ul><li><h4>Le journal</h4><a href="/abonnement">S’abonner</a> <a href="/contact">Contact</a></li></ul>`;
    const menu = `<ul>${item('/', 'Accueil', submenu)}${item('/monde/', 'Monde')}${item('/sport/', 'Sport')}${item('/culture/', 'Culture')}</ul>`;
    const markdown = clip(menu);
    expect(markdown).toContain('Paragraphe 4');
    expect(markdown).not.toMatch(/Accueil|Culture|S’abonner|Le journal/);
  });

  it('keeps the article’s own outline: items that hold only a nested list, and lists after the first paragraph', () => {
    const outline = `<ul><li><ul>${item('#quais', 'Les quais')}${item('#ferries', 'Les ferries')}${item('#tarifs', 'Les tarifs')}${item('#horaires', 'Les horaires')}</ul></li></ul>`;
    expect(clip('', outline)).toMatch(/Les quais[\s\S]*Les horaires/);
  });
});

describe('card runs', () => {
  const PAGE = 'https://zeitung.example/politik/2019/11/bruecke-gesperrt';
  const paragraphs = numbered(
    'Absatz',
    'die Brücke über den Fluss bleibt bis zum Frühjahr gesperrt, weil Gutachter Risse in zwei Pfeilern gefunden haben und die Stadt nun Angebote einholt.',
  );
  const clip = (body: string) => {
    return markdownOf(
      `<html><head><title>Brücke gesperrt</title></head><body><article><h1>Brücke gesperrt</h1>${body}</article></body></html>`,
      PAGE,
    );
  };
  const STORIES = [
    ['/sport/2019/11/pokal', 'POKALNACHT', 'Der Aufsteiger wirft den Meister aus dem Wettbewerb'],
    ['/kultur/2019/11/oper', 'PREMIERE', 'Die neue Oper feiert ihre Premiere vor vollem Haus'],
    ['/wirtschaft/2019/11/werk', 'WERK ZU', 'Hersteller schließt sein ältestes Werk im Norden'],
    ['/panorama/2019/11/zoo', 'NACHWUCHS', 'Im Zoo kommen zwei seltene Schneeleoparden zur Welt'],
  ] as const;
  // A rail's card: the picture and an empty overlay link lead to the story, the words are not
  // inside any link (so link density does not see them).
  const card = ([path, kicker, line]: readonly string[], href = path) =>
    `<div class="rail__item"><div><a href="${href}"><img src="${path}/teaser.jpg" alt=""></a></div><div><h3>${kicker}</h3><span>${line}</span></div><a class="overlay" href="${href}"></a></div>`;
  const rail = (cards: string) =>
    `<div class="rail"><div class="rail__header"><h3>Meistgelesen im Ressort</h3></div><div class="rail__items">${cards}</div></div>`;

  it('leaves out a rail of other stories between paragraphs, with its title', () => {
    const markdown = clip(
      paragraphs(0, 4) + rail(STORIES.map((story) => card(story)).join('')) + paragraphs(4, 8),
    );
    expect(markdown).toContain('Absatz 3');
    expect(markdown).toContain('Absatz 7');
    expect(markdown).not.toMatch(/POKALNACHT|Premiere vor|Werk im Norden|teaser\.jpg|Meistgelesen/);
  });

  it('keeps two cards, cards for other sites or one page, and cards that link to several pages', () => {
    const two = STORIES.slice(0, 2)
      .map((story) => card(story))
      .join('');
    expect(clip(paragraphs(0, 6) + rail(two))).toMatch(/POKALNACHT[\s\S]*PREMIERE/);
    const elsewhere = STORIES.map((story) => card(story, `https://other.example${story[0]}`));
    expect(clip(paragraphs(0, 6) + rail(elsewhere.join('')))).toMatch(/POKALNACHT[\s\S]*NACHWUCHS/);
    const onePage = STORIES.map((story) => card(story, '/abo')).join('');
    expect(clip(paragraphs(0, 6) + rail(onePage))).toMatch(/POKALNACHT[\s\S]*NACHWUCHS/);
    const twoPages = STORIES.map((story) =>
      card(story).replace('</span>', ` (<a href="/archiv${story[0]}">Archiv</a>)</span>`),
    ).join('');
    expect(clip(paragraphs(0, 6) + rail(twoPages))).toMatch(/POKALNACHT[\s\S]*NACHWUCHS/);
  });

  it('keeps a gallery whose pictures open the picture files, and figures with captions', () => {
    const gallery = STORIES.map(
      ([path, kicker, line]) =>
        `<div><a href="${path}/gross.jpg"><img src="${path}/klein.jpg" alt="${kicker}"></a><span>${line}</span></div>`,
    ).join('');
    expect(clip(paragraphs(0, 6) + gallery)).toMatch(/Aufsteiger[\s\S]*Schneeleoparden/);
    const figures = STORIES.map(
      ([path, , line]) =>
        `<figure><a href="${path}"><img src="${path}/bild.jpg" alt=""></a><figcaption>${line}</figcaption></figure>`,
    ).join('');
    expect(clip(paragraphs(0, 6) + figures)).toMatch(/Aufsteiger[\s\S]*Schneeleoparden/);
  });

  it('keeps the cards of a page that is mostly cards: a list of posts is what the reader clips', () => {
    const markdown = clip(
      `<p>Alle Berichte dieser Woche auf einen Blick.</p>${STORIES.map((story) => card(story)).join('')}`,
    );
    expect(markdown).toMatch(/POKALNACHT[\s\S]*PREMIERE[\s\S]*WERK ZU[\s\S]*NACHWUCHS/);
  });
});

describe('author boxes', () => {
  const STORY = Array.from(
    { length: 5 },
    (_, index) =>
      `<p>Absatz ${index}: Die Stadtwerke erneuern im Frühjahr die Leitungen unter der Hauptstraße, und der Verkehr wird für sechs Wochen über die Ringstraße umgeleitet.</p>`,
  ).join('');
  const clip = (after: string, author = 'Jana Krüger') => {
    return markdownOf(
      `<html><head><title>Leitungen werden erneuert</title><meta name="author" content="${author}"></head><body><article><h1>Leitungen werden erneuert</h1>${STORY}${after}</article></body></html>`,
      'https://zeitung.example/stadt/2019/leitungen',
    );
  };
  const BOX =
    '<h2>Über die Autorin</h2><p><a href="/autor/jana-krueger"><img src="/avatar.png" alt=""></a></p><h3><a href="/autor/jana-krueger">Jana Krüger</a></h3><p><a href="https://social.example/@jana">@jana</a></p><p>Jana Krüger schreibt seit 2012 über die Stadt und ihre Verwaltung.</p>';

  it('leaves out the box under the article named by the author’s link, with the heading over it', () => {
    // The heading beside the box, or in a block of its own above the box's block.
    const wrapped = BOX.replace('</h2>', '</h2></div><div>').replace(/^/, '<div>').concat('</div>');
    for (const box of [BOX, wrapped]) {
      const markdown = clip(box);
      expect(markdown).toContain('Absatz 4');
      expect(markdown).not.toMatch(/Über die Autorin|avatar|@jana|schreibt seit/);
      expect(markdown.trimEnd().endsWith('umgeleitet.')).toBe(true);
    }
  });

  it('keeps it when the name is not the article’s author, or long text follows the name', () => {
    expect(clip(BOX, 'Tom Weber')).toContain('schreibt seit 2012');
    const long = `<p>${'Die Verwaltung plant weitere Arbeiten in der Innenstadt. '.repeat(12)}</p>`;
    expect(clip(BOX.replace('</h3>', `</h3>${long}`))).toContain('Jana Krüger schreibt');
  });

  it('keeps a heading the page itself ends with', () => {
    expect(clip('<h2>Kommentare</h2>').trimEnd().endsWith('## Kommentare')).toBe(true);
  });

  it('leaves out a box with no heading: the picture, then the linked name, then the bio', () => {
    // Squarespace: the picture and the name link to the author's page, the bio under the name.
    const box =
      '<div class="author"><a class="author-avatar" href="/blog?author=5f3a"><img src="/avatar-jana.jpg" alt="Jana Krüger"></a><div class="author-info"><a class="author-name" href="/blog?author=5f3a">Jana Krüger</a><div class="author-bio"><p>Jana Krüger schreibt seit 2012 über die Stadt.</p></div></div></div>';
    const markdown = clip(box);
    expect(markdown).toContain('Absatz 4');
    expect(markdown).not.toMatch(/avatar-jana|schreibt seit|\[Jana Krüger\]/);
    // Another page's picture, another person's name, or no picture: the article's own.
    expect(clip(box.replace('href="/blog?author=5f3a"><img', 'href="/fotos"><img'))).toContain(
      'schreibt seit',
    );
    expect(clip(box, 'Tom Weber')).toContain('schreibt seit');
    expect(clip(box.replace(/<a class="author-avatar"[\s\S]*?<\/a>/, ''))).toContain(
      'schreibt seit',
    );
  });
});

describe("the author's name on a line over the article", () => {
  const STORY = numbered(
    'Absatz',
    'die Stadtwerke erneuern im Frühjahr die Leitungen unter der Hauptstraße, und der Verkehr wird für sechs Wochen über die Ringstraße umgeleitet.',
  );
  const clip = (before: string, author = 'Jana Krüger') =>
    markdownOf(
      `<html><head><title>Leitungen werden erneuert</title><meta name="author" content="${author}"></head><body><article><h1>Leitungen werden erneuert</h1>${before}${STORY(0, 5)}<p>Jana Krüger</p></article></body></html>`,
      'https://zeitung.example/stadt/2019/leitungen',
    );

  it('leaves it out: the note names the author', () => {
    const markdown = clip(
      '<ul class="authors"><li><a href="/autor/jana-krueger">Jana  Krüger</a></li></ul>',
    );
    expect(markdown.startsWith('Absatz 0')).toBe(true);
    // Further down, the same words are the article's.
    expect(markdown.trimEnd().endsWith('Jana Krüger')).toBe(true);
  });

  it("keeps a line with more than the name, and another person's name", () => {
    expect(clip('<p>Jana Krüger, Stadtredaktion</p>')).toContain('Jana Krüger, Stadtredaktion');
    expect(clip('<p>Tom Weber</p>')).toMatch(/^Tom Weber/);
  });

  it('leaves out a short line led by the linked name, under a standfirst too', () => {
    const standfirst =
      '<p>Sechs Wochen Umleitung, neue Leitungen für vierzig Jahre: was die Bauarbeiten für Anwohner und Pendler bedeuten.</p>';
    const byline =
      '<div class="kopf-info"><span><a href="/autor/jana-krueger">Jana Krüger</a><span>(Korrespondentin für Verkehr und Umwelt)</span></span> <span>Lesezeit 4 Min.</span></div>';
    const markdown = clip(standfirst + byline);
    expect(markdown).toMatch(/^Sechs Wochen Umleitung/);
    expect(markdown).not.toMatch(/Korrespondentin|Lesezeit/);
    // The name not linked, or a line too long for a byline, is the article's.
    expect(clip('<p>Jana Krüger (Stadtredaktion)</p>')).toContain('Jana Krüger (Stadtredaktion)');
    const sentence =
      '<p><a href="/autor/jana-krueger">Jana Krüger</a> hat die Baustelle sechs Wochen lang begleitet und mit Anwohnern, Händlern und Pendlern gesprochen.</p>';
    expect(clip(sentence)).toContain('hat die Baustelle sechs Wochen lang begleitet');
  });
});

describe('navigation the page marks', () => {
  const PAGE = 'https://ruimte.example/nieuws/europa-pluimen';
  const STORY = numbered(
    'Alinea',
    'de pluimen van Europa blijken echt, maar ze komen zelden voor, zo blijkt uit metingen van de telescoop op Hawaii.',
  )(0, 5);
  const clip = (before: string, after = '') =>
    markdownOf(
      `<html><head><title>Pluimen van Europa</title></head><body><article>${before}${STORY}${after}</article></body></html>`,
      PAGE,
    );

  it('leaves out a breadcrumb, a table of contents and links to other posts', () => {
    const breadcrumb = `<nav aria-label="Kruimelpad"><ol><li><a href="/">Home</a></li><li><a href="/nieuws">Nieuws</a></li><li><a href="/wetenschap">Wetenschap</a></li></ol></nav>`;
    const contents = `<div role="navigation"><ul><li><a href="#metingen">Metingen</a></li><li><a href="#telescoop">Telescoop</a></li></ul></div>`;
    const adjacent = `<nav><a href="/nieuws/vorige">← Vorige</a> <a href="/nieuws/volgende">Volgende →</a></nav>`;
    const markdown = clip(breadcrumb + contents, adjacent);
    expect(markdown).toContain('Alinea 4');
    expect(markdown).not.toMatch(/Home|Wetenschap|Metingen|Telescoop|Vorige|Volgende/);
  });

  it('leaves out a breadcrumb the page does not mark, in a list or on one line', () => {
    for (const breadcrumb of [
      '<div><ul><li><a href="/">Home</a></li><li><a href="/nieuws">Nieuws</a></li><li>Pluimen van Europa</li></ul></div>',
      '<p><a href="https://ruimte.example/">Home</a> | <a href="/wetenschap">Wetenschap</a> | Pluimen van Europa</p>',
      '<nav><a href="/">Home</a><em></em><a href="/wetenschap">WETENSCHAP</a>NIEUWS: de pluimen van Europa blijken echt, maar ze komen zelden voor</nav>',
    ]) {
      const markdown = clip(breadcrumb);
      expect(markdown).toContain('Alinea 0');
      expect(markdown).not.toMatch(/Home|Nieuws\]|Wetenschap|NIEUWS/i);
    }
  });

  it('leaves out a breadcrumb that starts at the section the page is filed under', () => {
    const breadcrumb =
      '<ul class="crumbs"><li><a href="/nieuws/">Nieuws</a></li><li><a href="/wetenschap">Wetenschap</a></li></ul>';
    const markdown = clip(breadcrumb);
    expect(markdown).toMatch(/^Alinea 0/);
    // A list that opens with a section the page is not filed under is not its breadcrumb.
    const other =
      '<ul class="crumbs"><li><a href="/wetenschap/">Wetenschap</a></li><li><a href="/nieuws/">Nieuws</a></li></ul>';
    expect(clip(other)).toMatch(/Wetenschap[\s\S]*Nieuws[\s\S]*Alinea 0/);
  });

  it('keeps a sentence that starts with the home page, and links to it after the first paragraph', () => {
    const sentence =
      '<p><a href="/">Ruimte.example</a> verhuist naar een nieuw adres; het <a href="/archief">archief</a> blijft.</p>';
    expect(clip(sentence)).toContain('verhuist naar een nieuw adres');
    const after = '<ul><li><a href="/">Home</a></li><li><a href="/nieuws">Nieuws</a></li></ul>';
    expect(clip('', after)).toMatch(/Home[\s\S]*Nieuws/);
  });

  it('keeps prose a page wraps in a nav element', () => {
    const prose = `<nav><p>Deze reeks volgt de missie van begin tot eind; lees de <a href="/reeks">andere delen</a> voor de aanloop naar de lancering en wat de sonde nu al heeft gezien.</p></nav>`;
    expect(clip('', prose)).toContain('Deze reeks volgt de missie');
  });
});

describe('the heading that repeats the title', () => {
  const PAGE = 'https://krant.example/dieren/kat-terug';
  const STORY = numbered(
    'Alinea',
    'de kat werd na vijf jaar teruggevonden, meer dan tweeduizend kilometer van huis, dankzij de chip onder haar vel.',
  );
  const clip = (title: string, body: string, before = '') =>
    markdownOf(
      `<html><head><title>${title}</title></head><body>${before}<article>${body}</article></body></html>`,
      PAGE,
    );

  it('leaves out the heading over the article that says what the title says', () => {
    const markdown = clip(
      'Kat na vijf jaar terug',
      `<div><h2>Kat na vijf jaar terug</h2><h1>Kat na vijf jaar terug!</h1></div>${STORY(0, 5)}`,
    );
    expect(markdown).toContain('Alinea 0');
    expect(markdown).not.toMatch(/^#+ Kat na vijf jaar terug/m);
  });

  it('keeps a heading with other words, and one further down the article', () => {
    const other = clip('Kat na vijf jaar terug', `<h1>Kat gevonden</h1>${STORY(0, 5)}`);
    expect(other).toMatch(/^# Kat gevonden/m);
    // Readability drops the first heading like the title it meets: here, the site header's.
    const section = clip(
      'Kat na vijf jaar terug',
      `${STORY(0, 3)}<h2>Kat na vijf jaar terug</h2>${STORY(3, 6)}`,
      '<header><h1>Kat na vijf jaar terug</h1></header>',
    );
    expect(section).toMatch(/^## Kat na vijf jaar terug/m);
  });

  it("leaves out a document's title paragraph, as a published Google Doc opens with it", () => {
    const markdown = clip(
      'Kat na vijf jaar terug',
      `<p class="c2 title"><span class="c1">Kat na vijf jaar terug</span></p>${STORY(0, 5)}`,
    );
    expect(markdown).toContain('Alinea 0');
    expect(markdown).not.toMatch(/^Kat na vijf jaar terug$/m);
    // The article's only text stays: the note would be empty without it.
    expect(clip('Kat na vijf jaar terug', '<p>Kat na vijf jaar terug</p>')).toContain(
      'Kat na vijf jaar terug',
    );
  });
});

describe('consent banners', () => {
  const PAGE = 'https://bakkerij.example/recepten/koekjes';
  const STORY = numbered(
    'Stap',
    'meng de boter met de suiker tot een licht mengsel en voeg dan de bloem en een snuf zout toe, beetje bij beetje.',
  )(0, 5);
  const clip = (inside: string) =>
    markdownOf(
      `<html><head><title>Koekjes</title></head><body><article>${STORY}${inside}</article></body></html>`,
      PAGE,
    );

  it('leaves out a cookie or consent banner by the names sites and consent tools give it', () => {
    for (const banner of [
      '<div id="cookie-law-info-bar"><span>Deze site gebruikt cookies.<a href="/privacy">Meer weten</a></span></div>',
      '<div class="cookieChoiceInfo"><p>Wij gebruiken cookies voor statistiek.</p></div>',
      '<section class="consent-overlay"><p>Geef toestemming voor het plaatsen van cookies.</p></section>',
      '<p class="comment-form-cookies-consent"><label>Bewaar mijn naam in deze browser.</label></p>',
    ]) {
      const markdown = clip(banner);
      expect(markdown).toContain('Stap 4');
      expect(markdown).not.toMatch(/cookies|toestemming|Bewaar mijn naam/);
    }
  });

  it('keeps a part of the article whose name only mentions cookies', () => {
    const recipe = `<div class="cookie-recipe"><p>Bak de koekjes twaalf minuten op 180 graden, tot de randen goudbruin zijn en het midden nog zacht is.</p></div>`;
    expect(clip(recipe)).toContain('Bak de koekjes twaalf minuten');
  });
});

/** A gardening post of five numbered steps, with `end` after them in its article. */
const ROSES_URL = 'https://notebook.example/2024/05/pruning-roses';
function rosesPage(end: string): string {
  const steps = numbered(
    'Step',
    'cut each cane just above an outward-facing bud, at an angle, so that water runs off and the new growth opens the bush.',
  )(0, 5);
  return `<html><head><title>Pruning roses</title></head><body><article><h1>Pruning roses</h1>${steps}${end}</article></body></html>`;
}

// Readability leaves out a list of links under a heading and keeps the heading: the note ended
// in "LATEST NEWS" or "Featured" heading nothing (extraction-benchmark and readability/ehow-1).
describe('a heading whose content Readability left out', () => {
  const headlines = Array.from(
    { length: 8 },
    (_, index) =>
      `<li><a href="/2024/05/story-${index}">Another story from the garden, number ${index}</a></li>`,
  ).join('');

  it('goes with it', () => {
    const markdown = markdownOf(
      rosesPage(`<h2>Latest news</h2><div class="related-stories"><ul>${headlines}</ul></div>`),
      ROSES_URL,
    );
    expect(markdown).toContain('Step 4');
    expect(markdown).not.toContain('Another story');
    expect(markdown).not.toContain('Latest news');
  });

  it('but a heading the page itself ends with stays', () => {
    const markdown = markdownOf(rosesPage('<h2>To be continued</h2>'), ROSES_URL);
    expect(markdown).toMatch(/## To be continued$/);
  });

  // Full-page mode keeps the page's text but not its navigation: Wikipedia's notes ended in
  // "## Navigation menu", a news page's in "## Most popular" over its removed link list.
  it('goes in full-page mode too, once the navigation under it is left out', () => {
    const markdown = markdownOf(
      rosesPage(`<h2>Navigation menu</h2><nav><ul>${headlines}</ul></nav>`),
      ROSES_URL,
      'full-page',
    );
    expect(markdown).toContain('Step 4');
    expect(markdown).not.toContain('Another story');
    expect(markdown).not.toContain('Navigation menu');
    expect(markdownOf(rosesPage('<h2>To be continued</h2>'), ROSES_URL, 'full-page')).toMatch(
      /## To be continued$/,
    );
  });

  it('keeps in full-page mode a card title the footer followed, and a headline left alone in its header', () => {
    const page = rosesPage(
      `<ul class="more"><li><a href="/2024/06/mulch"><img src="/mulch.jpg" alt=""></a>
        <h4><a href="/2024/06/mulch">Mulching before the summer</a></h4></li></ul>`,
    )
      .replace(
        '<h1>Pruning roses</h1>',
        '<header><h1>Pruning roses</h1><div class="categories"><p class="breadcrumbs"><a href="/">Home</a> › <a href="/garden">Garden</a></p></div></header>',
      )
      .replace('</article>', `</article><footer><nav><ul>${headlines}</ul></nav></footer>`);
    const markdown = markdownOf(page, ROSES_URL, 'full-page');
    expect(markdown).toMatch(/^# Pruning roses/);
    expect(markdown).toMatch(/#### \[Mulching before the summer\]\([^)]+\)$/);
    expect(markdown).not.toContain('Another story');
  });
});

describe('the words that name a row of buttons', () => {
  const clip = (after: string) => markdownOf(rosesPage(after), ROSES_URL);

  it('leaves them out with the buttons: a copy button, a question, a reply box', () => {
    const markdown = clip(`
      <div class="copy"><div class="copy__title">Article Text</div><div class="copy__button"><button>Copy Text</button></div></div>
      <div class="feedback"><p>Was this helpful?</p><button>Yes</button><button>No</button></div>
      <div class="reply"><span>Post your reply</span><button><svg></svg>Reply</button></div>`);
    expect(markdown).toContain('Step 4');
    expect(markdown).not.toMatch(/Article Text|Copy|helpful|Post your reply/);
  });

  it("keeps a section's name beside its toggle, a card's words, a sentence, words beside icons, a score", () => {
    const markdown = clip(`
      <div class="fold"><span>Tools for the job</span><button aria-expanded="false">Show</button></div>
      <div class="product"><div><button>Save</button><img src="/secateurs.jpg" alt="Secateurs"></div><div>Bypass secateurs</div></div>
      <div class="note"><p>Prune on a dry day, never in frost, and burn what you cut.</p><button>Save</button></div>
      <div class="note-actions"><span class="badge">Maintainer</span><button aria-label="Reply to comment"><svg></svg></button></div>
      <div class="votes"><button>Up vote</button><span>14</span><button>Down vote</button></div>`);
    for (const words of [
      'Tools for the job',
      'Bypass secateurs',
      'Prune on a dry day',
      'Maintainer',
    ])
      expect(markdown).toContain(words);
    expect(markdown).toMatch(/^14$/m);
  });
});

// The controls of a form go before Readability reads the page; the labels and notes around them
// stayed, and a comment form ended the note with "Name *" and "Email *" (readability/firefox-nightly-blog).
describe('forms that ask the reader for something', () => {
  const clip = (after: string) => markdownOf(rosesPage(after), ROSES_URL);

  it('leaves out a reply form, its labels and the heading over it', () => {
    const markdown = clip(`<div id="respond"><h3>Leave a Reply</h3>
      <form action="/wp-comments-post.php" method="post">
        <p>Your email address will not be published. Required fields are marked *</p>
        <p><label for="author">Name *</label> <input id="author" name="author" type="text"></p>
        <p><label for="email">Email *</label> <input id="email" name="email" type="text"></p>
        <p><label for="comment">Comment</label> <textarea id="comment" name="comment"></textarea></p>
        <p><input type="submit" value="Post Comment"><input type="hidden" name="post" value="7"></p>
        <script>document.getElementById('post').value = Date.now() + ' ' + navigator.userAgent + ' a long line of script that is no text of the page at all';</script>
      </form></div>`);
    expect(markdown).toContain('Step 4');
    expect(markdown).not.toMatch(/Leave a Reply|not be published|Name \\\*|Email|Comment/);
  });

  // Full-page mode weighed a form by its raw text, the indentation between its tags included:
  // deeply indented, the same form counted as a post there and stayed in the note.
  it('leaves out a reply form and its heading in full-page mode too, however deeply its markup is indented', () => {
    const indent = `\n${' '.repeat(60)}`;
    const form = [
      '<form action="/wp-comments-post.php" method="post">',
      '<p>Your email address will not be published.</p>',
      '<p><label for="author">Name *</label></p>',
      '<p><input id="author" name="author" type="text"></p>',
      '<p><label for="email">Email *</label></p>',
      '<p><input id="email" name="email" type="text"></p>',
      '<p><label for="comment">Comment</label></p>',
      '<p><textarea id="comment" name="comment"></textarea></p>',
      '<p><input type="submit" value="Post Comment"></p>',
      '</form>',
    ].join(indent);
    const markdown = markdownOf(
      rosesPage(
        `<h2>Tools</h2><p>Sharp bypass secateurs and gloves.</p><div id="respond"><h3>Leave a Reply</h3>${form}</div>`,
      ),
      ROSES_URL,
      'full-page',
    );
    expect(markdown).toContain('Step 4');
    expect(markdown).toContain('## Tools');
    expect(markdown).not.toMatch(/Leave a Reply|not be published|Name \\\*|Email/);
  });

  it('keeps a form that asks for nothing, and one that holds a post', () => {
    const post = `<p>${'The roses along the south wall flowered twice this year after a hard prune in March. '.repeat(4)}</p>`;
    expect(clip(`<form action="/edit">${post}</form>`)).toContain('flowered twice this year');
    expect(
      clip(`<form action="/edit">${post}<p><input name="title" type="text"></p></form>`),
    ).toContain('flowered twice this year');
  });
});
