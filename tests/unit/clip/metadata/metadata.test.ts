import { describe, expect, it } from 'vitest';
import { clipDocument, extractMetadata, stripTrackingParameters } from '../../../../utils/clip';
import { pageFromHtml } from '../dom';

function metadataOf(head: string, body = '') {
  const doc = pageFromHtml(
    `<html><head>${head}</head><body>${body}</body></html>`,
    'https://news.example/a/b',
  );
  return extractMetadata(doc, doc.URL);
}

describe('page metadata', () => {
  it('prefers og:title unless it is only the brand', () => {
    expect(
      metadataOf(
        '<title>Storm closes ferries | Island Times</title><meta property="og:title" content="Storm closes ferries">',
      ).title,
    ).toBe('Storm closes ferries');
    expect(
      metadataOf(
        '<title>Storm closes ferries | Island Times</title><meta property="og:title" content="Island Times"><meta property="og:site_name" content="Island Times">',
      ).title,
    ).toBe('Storm closes ferries');
  });

  it("leaves out a title's end part that is the name in the page's address", () => {
    const titleAt = (url: string, head: string) => {
      const doc = pageFromHtml(`<html><head>${head}</head><body></body></html>`, url);
      return extractMetadata(doc, doc.URL).title;
    };
    // Docusaurus names no site, and its og:title carries the site's name as the title does.
    expect(
      titleAt(
        'https://docusaurus.io/docs/installation',
        '<title>Installation | Docusaurus</title><meta property="og:title" content="Installation | Docusaurus">',
      ),
    ).toBe('Installation');
    expect(
      titleAt(
        'https://www.lesswrong.com/s/abc/p/def',
        '<meta property="og:title" content="Simulators — LessWrong">',
      ),
    ).toBe('Simulators');
    expect(
      titleAt(
        'https://github.com/keepers/lamp',
        '<title>GitHub - keepers/lamp: A lamp log</title>',
      ),
    ).toBe('keepers/lamp: A lamp log');
    // A part made of the address's words is the site's name too (GitBook's "Quickstart |
    // RelayPipe Docs" on docs.relaypipe.dev).
    expect(
      titleAt(
        'https://blog.lamps.example/why',
        '<meta property="og:title" content="Why lamps | Lamps Blog">',
      ),
    ).toBe('Why lamps');
    // A part that only shares a word with the address, or names the domain's ending, stays.
    expect(
      titleAt(
        'https://blog.lamps.example/why',
        '<meta property="og:title" content="Why lamps | Lamps Weekly">',
      ),
    ).toBe('Why lamps | Lamps Weekly');
    expect(
      titleAt('https://keepers.io/log', '<meta property="og:title" content="The log - IO">'),
    ).toBe('The log - IO');
  });

  it("names the site by the title's end part that spells the address, when the page names none", () => {
    const siteAt = (url: string, title: string) => {
      const doc = pageFromHtml(
        `<html><head><title>${title}</title></head><body></body></html>`,
        url,
      );
      return extractMetadata(doc, doc.URL).siteName;
    };
    expect(siteAt('https://docusaurus.io/docs/installation', 'Installation | Docusaurus')).toBe(
      'Docusaurus',
    );
    expect(
      siteAt(
        'https://learn.microsoft.com/en-us/azure/functions/quickstart',
        'Quickstart: Create a function - Azure Functions | Microsoft Learn',
      ),
    ).toBe('Microsoft Learn');
    expect(siteAt('https://docs.relaypipe.dev/quickstart', 'Quickstart | RelayPipe Docs')).toBe(
      'RelayPipe Docs',
    );
    // A subdomain's word alone is a section of the site, not its name; a part the address does
    // not spell is no name at all.
    expect(siteAt('https://docs.relaypipe.dev/quickstart', 'Quickstart | Docs')).toBeUndefined();
    expect(siteAt('https://docs.relaypipe.dev/quickstart', 'Quickstart | Guides')).toBeUndefined();
  });

  it("takes the title's other part when the main heading is the site's and another heading is the rest (mdBook)", () => {
    const book = metadataOf(
      '<title>Defining an Enum - The Rust Programming Language</title>',
      '<div class="menu-bar"><h1 class="menu-title">The Rust Programming Language</h1></div><main><h2 id="defining-an-enum"><a class="header" href="#defining-an-enum">Defining an Enum</a></h2><p>Enums give you a way of saying a value is one of a set.</p></main>',
    );
    expect(book.title).toBe('Defining an Enum');
    // A heading that is the title's end part, with no other heading naming the rest, is the title.
    expect(
      metadataOf(
        '<title>Harbour Notes | Storm closes ferries</title>',
        '<h1>Storm closes ferries</h1><p>The ferries stayed in port.</p>',
      ).title,
    ).toBe('Storm closes ferries');
    // The rest as the header's logo, the heading in the article: the heading is the title.
    expect(
      metadataOf(
        '<title>Harbour Notes | Storm closes ferries</title>',
        '<header><h2>Harbour Notes</h2></header><article><h1>Storm closes ferries</h1><p>The ferries stayed in port.</p></article>',
      ).title,
    ).toBe('Storm closes ferries');
  });

  it('uses the first heading when the title tag wraps it with extra words', () => {
    expect(
      metadataOf(
        '<title>Breaking: Storm closes ferries - live updates</title>',
        '<h1>Storm closes ferries</h1>',
      ).title,
    ).toBe('Storm closes ferries');
  });

  it('takes the heading that names what the title names, not a logo set in an h1', () => {
    // The V8 blog: the site's logo is the page's first <h1>, and also the title's suffix.
    expect(
      metadataOf(
        '<title>Launching Ignition and TurboFan · V8</title>',
        '<header><h1><a href="/"><img src="/logo.svg" alt="">V8</a></h1></header><article><h1>Launching Ignition and TurboFan</h1><p>Today we are excited…</p></article>',
      ).title,
    ).toBe('Launching Ignition and TurboFan');
  });

  it("reads a documentation page's heading without its permalink sign", () => {
    // Sphinx (Python's documentation) and MkDocs end every heading with a "¶" link to itself.
    expect(
      metadataOf(
        "<title>Lamp oils — Keepers' handbook 1.0 documentation</title>",
        '<section id="lamp-oils"><h1>Lamp oils<a class="headerlink" href="#lamp-oils" title="Link to this heading">¶</a></h1><p>The lamps burned colza oil.</p></section>',
      ).title,
    ).toBe('Lamp oils');
    // A heading whose words end in a sign keeps it: only a link's lone sign is a permalink.
    expect(
      metadataOf(
        "<title>Learning C# — Keepers' handbook</title>",
        '<h1 id="c">Learning C#<a href="#c" aria-hidden="true"></a></h1><p>Text.</p>',
      ).title,
    ).toBe('Learning C#');
  });

  it('ignores a JSON-LD headline that neither the title nor the heading agrees with', () => {
    // Wikipedia writes the article's short description there ("Wikimedia list article").
    const wikipedia = metadataOf(
      '<title>List of sourdough breads - Wikipedia</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","name":"List of sourdough breads","headline":"Wikimedia list article","publisher":{"@type":"Organization","name":"Wikimedia Foundation, Inc."}}</script>',
      '<h1 id="firstHeading" class="firstHeading mw-first-heading"><span class="mw-page-title-main">List of sourdough breads</span></h1>',
    );
    expect(wikipedia.title).toBe('List of sourdough breads');
    const agreeing = metadataOf(
      '<title>Ferries stop | Island Times</title><script type="application/ld+json">{"@type":"NewsArticle","headline":"Ferries stop for two days"}</script>',
    );
    expect(agreeing.title).toBe('Ferries stop for two days');
  });

  it('reads author, dates, description, language and images from meta tags and JSON-LD', () => {
    const metadata = metadataOf(
      `<title>x</title><link rel="canonical" href="/a/b-canonical"><meta name="description" content="Ferries stop for two days.">
       <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"NewsArticle","author":{"@type":"Person","name":"Ann Lee"},"datePublished":"2025-11-02T07:00:00Z","image":{"url":"/img/storm.jpg"},"publisher":{"name":"Island Times"}}]}</script>`,
    );
    expect(metadata).toEqual({
      title: 'x',
      author: 'Ann Lee',
      siteName: 'Island Times',
      published: '2025-11-02T07:00:00Z',
      description: 'Ferries stop for two days.',
      canonicalUrl: 'https://news.example/a/b-canonical',
      leadImage: 'https://news.example/img/storm.jpg',
    });
  });

  it('names every author when meta author gives the first and JSON-LD lists them all', () => {
    const listed =
      '<script type="application/ld+json">{"@type":"NewsArticle","author":[{"@type":"Person","name":"Claire Morel"},{"@type":"Person","name":"Paul Girard"}]}</script>';
    expect(metadataOf(`<meta name="author" content="Claire  Morel">${listed}`).author).toBe(
      'Claire Morel, Paul Girard',
    );
    // A list that does not hold the meta tag's name is another article's (a related story's).
    expect(metadataOf(`<meta name="author" content="Ann Lee">${listed}`).author).toBe('Ann Lee');
  });

  it('reads JSON-LD that the page wrapped in CDATA or an HTML comment', () => {
    // Kinja (Kotaku) and many static-site templates write their JSON-LD for XHTML parsers.
    const json =
      '{"@context":"http://schema.org","@type":"Article","headline":"Simple Anomaly Detection Using Plain SQL","datePublished":"2020-09-21","author":{"@type":"Person","name":"Haki Benita"},"publisher":{"@type":"Organization","name":"Haki Benita"}}';
    for (const wrapped of [`\n<![CDATA[\n${json}\n]]>\n`, `<!--\n${json}\n-->`]) {
      const metadata = metadataOf(
        `<title>Simple Anomaly Detection Using Plain SQL</title><script type="application/ld+json">${wrapped}</script>`,
      );
      expect(metadata.siteName).toBe('Haki Benita');
      expect(metadata.published).toBe('2020-09-21');
      expect(metadata.author).toBe('Haki Benita');
    }
  });

  it('dates a republished post by its first publication when meta tags and JSON-LD disagree', () => {
    // Medium: article:published_time is the latest republication; the page and its JSON-LD
    // show the day the story first appeared.
    const metadata = metadataOf(
      `<title>Samantha and The Great Big Lie</title><meta property="article:published_time" content="2015-12-11T14:28:34.438Z">
       <script type="application/ld+json">{"@type":"NewsArticle","dateCreated":"2015-10-15T02:19:15.607Z","datePublished":"2015-10-15T02:19:15.607Z","dateModified":"2018-04-22T22:24:24.777Z"}</script>`,
    );
    expect(metadata.published).toBe('2015-10-15T02:19:15.607Z');
    // The same day written less precisely is no earlier publication: the timestamp stays.
    const sameDay = metadataOf(
      `<meta property="article:published_time" content="2019-11-19T11:21:08+00:00">
       <script type="application/ld+json">{"@type":"NewsArticle","datePublished":"November 19, 2019"}</script>`,
    );
    expect(sameDay.published).toBe('2019-11-19T11:21:08+00:00');
  });

  it('dates a day written without a clock as that day, in any time zone', () => {
    // Read as the reader's midnight, "March 2, 2024" was 1 March 23:00 UTC in Berlin, and the
    // note was dated the day before; west of Greenwich a bare year must not become the last.
    const zone = process.env.TZ;
    try {
      for (const timeZone of ['Asia/Tokyo', 'Europe/Berlin', 'America/Los_Angeles']) {
        process.env.TZ = timeZone;
        const dateOf = (content: string) =>
          metadataOf(`<meta name="date" content="${content}">`).published;
        expect(dateOf('March 2, 2024')).toBe('2024-03-02');
        expect(dateOf('2024/03/02')).toBe('2024-03-02');
        expect(dateOf('2024')).toBe('2024-01-01');
        // With a clock and a zone it is an instant, kept as one.
        expect(dateOf('Sat, 2 Mar 2024 23:30:00 GMT')).toBe('2024-03-02T23:30:00.000Z');
      }
    } finally {
      process.env.TZ = zone;
    }
  });

  it('dates a piece by the marks in its page when its head gives no date', () => {
    const dateIn = (body: string) => metadataOf('<title>A post</title>', body).published;
    // Blogger's post header (hAtom and microdata on an abbr), a Contempo theme's time.
    expect(
      dateIn(
        '<div class="post hentry"><abbr class="published" itemprop="datePublished" title="2023-10-15T19:42:00+01:00">19:42</abbr></div>',
      ),
    ).toBe('2023-10-15T19:42:00+01:00');
    expect(
      dateIn('<div class="hentry"><span class="published" title="2023-10-15">Sunday</span></div>'),
    ).toBe('2023-10-15');
    expect(
      dateIn('<time class="published" datetime="2024-03-12T15:41:22+00:00">Tue Mar 12</time>'),
    ).toBe('2024-03-12T15:41:22+00:00');
    expect(dateIn('<span class="dt-published">2024-03-12</span>')).toBe('2024-03-12');
    expect(dateIn('<span itemprop="datePublished">12 March 2024</span>')).toBe('2024-03-12');
    // Words that name no year are no date (V8 reads "Mar 12" as 2001).
    expect(dateIn('<span class="dt-published">Mar 12</span>')).toBeUndefined();
    expect(dateIn('<span class="published">3 days ago</span>')).toBeUndefined();
    // The head's own date still comes first.
    expect(
      metadataOf(
        '<meta property="article:published_time" content="2024-01-02T03:04:05Z">',
        '<time class="published" datetime="2020-01-01">old</time>',
      ).published,
    ).toBe('2024-01-02T03:04:05Z');
  });

  it('reads the piece a JSON-LD page object names as its own', () => {
    // Hashnode: a Blog whose one blogPost is the post; many sites: a WebPage's mainEntity.
    const post =
      '{"@type":"BlogPosting","headline":"Token buckets","datePublished":"2024-03-12T09:30:12.345Z","author":{"@type":"Person","name":"Priya Raman"}}';
    const blog = metadataOf(
      `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Blog","name":"Priya Writes Code","blogPost":[${post}]}</script>`,
    );
    expect(blog.author).toBe('Priya Raman');
    expect(blog.published).toBe('2024-03-12T09:30:12.345Z');
    const page = metadataOf(
      `<script type="application/ld+json">{"@type":"WebPage","mainEntity":${post}}</script>`,
    );
    expect(page.author).toBe('Priya Raman');
    // A blog's front page lists many posts, none of them the page.
    const front = metadataOf(
      `<script type="application/ld+json">{"@type":"Blog","blogPost":[${post},${post.replace('Priya Raman', 'Tom Brandt')}]}</script>`,
    );
    expect(front.author).toBeUndefined();
  });

  it('writes a date as the ISO form it is in, from the keys news portals use', () => {
    expect(
      metadataOf('<meta property="article:published_time" content="2024-03-12T09:15:00-0400">')
        .published,
    ).toBe('2024-03-12T09:15:00-04:00');
    expect(metadataOf('<meta name="publishdate" content="2024-03-12">').published).toBe(
      '2024-03-12',
    );
  });

  it("names every author of a scholarly page's Highwire tags, given names first", () => {
    // arXiv, PubMed Central and most journals write one citation_author per author, surname
    // first, and a citation_date with slashes.
    const metadata = metadataOf(
      `<meta name="citation_title" content="Sparse Routing">
       <meta name="citation_author" content="Okafor, Chiamaka">
       <meta name="citation_author" content="Lindqvist, Erik">
       <meta name="citation_author" content="Tanaka, H.">
       <meta name="citation_author" content="Lindqvist, Erik">
       <meta name="citation_date" content="2024/03/02">`,
    );
    expect(metadata.author).toBe('Chiamaka Okafor, Erik Lindqvist, H. Tanaka');
    expect(metadata.published).toBe('2024-03-02');
    const many = Array.from(
      { length: 12 },
      (_, index) => `<meta name="citation_author" content="Author${'ABCDEFGHIJKL'[index]}, Ann">`,
    ).join('');
    expect(metadataOf(many).author).toBe(
      `${Array.from({ length: 10 }, (_, index) => `Ann Author${'ABCDEFGHIJKL'[index]}`).join(', ')} et al.`,
    );
    // A page's own author tag still comes first.
    expect(
      metadataOf(
        '<meta name="author" content="Jane Roe"><meta name="citation_author" content="Okafor, C.">',
      ).author,
    ).toBe('Jane Roe');
  });

  it('leaves a clip undated rather than dated by a system’s stand-in for no date', () => {
    // Gannett's papers write DateTime.MinValue into their JSON-LD when a story has no date: the
    // note said it was published on 1 January of the year 1.
    const article = `<article><h1>Viera defeats Rockledge</h1>${'<p>Viera stayed unbeaten with a 3-1 win over Rockledge on Tuesday night, two goals coming in the last ten minutes of a wet game.</p>'.repeat(4)}</article>`;
    const clipOf = (head: string) => {
      const result = clipDocument(
        pageFromHtml(
          `<html><head><title>Viera defeats Rockledge</title>${head}</head><body>${article}</body></html>`,
        ),
        { mode: 'article' },
      );
      if (!result.ok) throw new Error(result.error.code);
      return result.clip.metadata;
    };
    for (const standIn of [
      '0001-01-01T00:00:00Z',
      '0000-00-00 00:00:00',
      '1970-01-01T00:00:00Z',
      '9999-12-31',
    ]) {
      const ld = `<script type="application/ld+json">{"@type":"NewsArticle","datePublished":"${standIn}","dateModified":"${standIn}"}</script>`;
      expect(clipOf(ld).published).toBeUndefined();
      // Beside a real date, the real one dates the note, though the stand-in is "earlier".
      const both = clipOf(
        `<meta property="article:published_time" content="2019-11-19T21:00:00Z">${ld}`,
      );
      expect(both.published).toBe('2019-11-19T21:00:00Z');
    }
    expect(
      clipOf('<meta property="article:published_time" content="1970-01-01T12:30:00Z">').published,
    ).toBe('1970-01-01T12:30:00Z');
  });

  it('takes the name inside a schema.org author, not the separator printed after it', () => {
    const metadata = metadataOf(
      '<title>Get your Frontend JavaScript Code Covered | Code</title><link rel="author" href="/humans.txt">',
      '<p><span class="article-author" itemprop="author" itemscope itemtype="http://schema.org/Person"><span itemprop="name">Nicolas Perriault</span> —</span> <time datetime="2013-09-29">Sep 29, 2013</time></p>',
    );
    expect(metadata.author).toBe('Nicolas Perriault');
  });

  it('finds the author in a WordPress byline and in a byline’s link to the author’s page', () => {
    const wordpress = metadataOf(
      '<title>The exceptional Jordan algebra | Complex Projective 4-Space</title>',
      '<div class="entry-meta"><span class="meta-prep meta-prep-author">Posted on</span> <a href="/2020/10/28/the-exceptional-jordan-algebra/" rel="bookmark"><span class="entry-date">October 28, 2020</span></a> <span class="meta-sep">by</span> <span class="author vcard"><a class="url fn n" href="/author/apgoucher/" title="View all posts by apgoucher">apgoucher</a></span></div>',
    );
    expect(wordpress.author).toBe('apgoucher');
    const glued = metadataOf(
      '<title>Snopes Fact-Checker</title>',
      '<p class="byline"><span class="by-author"><span class="by">by</span> <a class="byauthor" href="/author/lnolan/">Lucas Nolan</a></span><span class="bydate">22 Dec 2016</span><a rel="nofollow" class="bycount" href="#disqus_thread">651</a></p>',
    );
    expect(glued.author).toBe('Lucas Nolan');
  });

  it('keeps a web address and a date out of the author', () => {
    expect(
      metadataOf('<meta name="author" content="Dr Jane Smith - https://blog.example.com/">').author,
    ).toBe('Dr Jane Smith');
    expect(
      metadataOf('<meta name="author" content="April 28, 2019 at 6:01 am">').author,
    ).toBeUndefined();
  });

  it('reads each key of an RDFa property that lists several', () => {
    const metadata = metadataOf(
      '<title>Harbour news</title><meta property="x:headline dc:title" content="Ferry timetable changes"><meta property="dc:creator twitter:site_name" content="Ana Ruiz"><meta name="author" content="Site Owner">',
    );
    expect(metadata.title).toBe('Ferry timetable changes');
    expect(metadata.author).toBe('Ana Ruiz');
  });

  it('ranks Dublin Core first, and a property above the same key written as a name', () => {
    const metadata = metadataOf(
      `<title>Harbour news</title>
       <meta name="og:title" content="Old template title"><meta name="DC.title" content="Old template DC title">
       <meta property="dc:title" content="Ferry timetable changes"><meta property="og:title" content="Ferry timetable: what changes">
       <meta name="author" content="Harbour Desk"><meta name="DC.creator" content="Old template creator"><meta property="dc:creator" content="Ana Ruiz">`,
    );
    expect(metadata.title).toBe('Ferry timetable changes');
    expect(metadata.author).toBe('Ana Ruiz');
    // Without Dublin Core, Open Graph's property still beats the name-attribute spelling.
    expect(
      metadataOf(
        '<title>Harbour news</title><meta name="og:title" content="Old template title"><meta property="og:title" content="Ferry timetable: what changes">',
      ).title,
    ).toBe('Ferry timetable: what changes');
  });

  it('reads the Parse.ly title and an article:author written with an og: prefix', () => {
    const metadata = metadataOf(
      '<meta name="parsely-title" content="Ferry timetable changes"><meta property="og:article:author" content="Harbour Desk">',
      '<h1>Harbour news</h1>',
    );
    expect(metadata.title).toBe('Ferry timetable changes');
    expect(metadata.author).toBe('Harbour Desk');
    // An address there is a profile, not a name: the next source is asked.
    expect(
      metadataOf(
        '<meta property="article:author" content="https://social.example/harbour"><meta name="parsely-author" content="Ana Ruiz">',
      ).author,
    ).toBe('Ana Ruiz');
  });

  it('takes a person over an author tag that only repeats the site’s name', () => {
    const metadata = metadataOf(
      '<meta name="author" content="Island Times"><meta property="og:site_name" content="Island Times"><script type="application/ld+json">{"@type":"SocialMediaPosting","author":{"@type":"Person","name":"Ana Ruiz"}}</script>',
    );
    expect(metadata.author).toBe('Ana Ruiz');
    // With no one else named, the site is the author it gives (BBC News signs its own stories).
    expect(
      metadataOf(
        '<meta name="author" content="Island Times"><meta property="og:site_name" content="Island Times">',
      ).author,
    ).toBe('Island Times');
  });

  it('leaves a slogan out of the site name when another source names the site', () => {
    const byPublisher = metadataOf(
      '<title>Ferry timetable changes</title><meta property="og:site_name" content="Přístav.cz - Víte, co pluje"><script type="application/ld+json">{"@type":"NewsArticle","publisher":{"@type":"Organization","name":"Přístav.cz"}}</script>',
    );
    expect(byPublisher.siteName).toBe('Přístav.cz');
    const byTitle = metadataOf(
      '<title>Ferry timetable changes | Island Times</title><meta property="og:site_name" content="Island Times | News from the islands">',
    );
    expect(byTitle.siteName).toBe('Island Times');
    // The page is at news.example: "News Example" spells its host.
    expect(
      metadataOf('<meta property="og:site_name" content="All the harbour news - News Example">')
        .siteName,
    ).toBe('News Example');
    // Nothing confirms a part: a name may hold a dash itself.
    expect(
      metadataOf('<meta property="og:site_name" content="Rock - Paper - Scissors">').siteName,
    ).toBe('Rock - Paper - Scissors');
  });

  it('treats template variables a site left unfilled as missing', () => {
    const metadata = metadataOf(
      '<title>{{page.title}}</title><meta property="og:title" content="{{ page.title }}"><meta name="date" content="{{date}}"><script type="application/ld+json">{"@type":"BlogPosting","datePublished":"2026-03-15T10:00:00+00:00"}</script>',
      '<article><h1>Placeholder Fallbacks</h1><p>Text.</p></article>',
    );
    expect(metadata.title).toBe('Placeholder Fallbacks');
    expect(metadata.published).toBe('2026-03-15T10:00:00+00:00');
  });

  it('leaves missing and placeholder fields out entirely', () => {
    const metadata = metadataOf(
      '<meta name="author" content="undefined"><meta property="og:site_name" content="null">',
    );
    expect(metadata).toEqual({});
  });
});

describe('stripTrackingParameters', () => {
  it('removes tracking parameters and keeps the ones that choose content', () => {
    expect(
      stripTrackingParameters('https://shop.example/p?id=4&utm_source=x&fbclid=y#reviews'),
    ).toBe('https://shop.example/p?id=4#reviews');
    expect(stripTrackingParameters('https://shop.example/p?utm_medium=email')).toBe(
      'https://shop.example/p',
    );
    expect(stripTrackingParameters('not a url')).toBe('not a url');
  });
});
