import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { readSiteFixture } from '../../../support/site-fixtures';
import { pageFromHtml } from '../dom';
import { fixtureOptions } from '../fixture-page';

/**
 * Substack's post page beyond its golden notes: the nodes today's editor serves empty and draws
 * in the browser (a LaTeX block, a mention), the embedded-post card, image galleries and embedded
 * X posts, and the paywall that ends a paid post's free part, drawn or read from the page data.
 */
function clipPage(html: string, url?: string): { markdown: string; site?: string } {
  const result = clipDocument(pageFromHtml(html, url), { mode: 'article' });
  if (!result.ok) throw new Error(result.error.code);
  return { markdown: result.clip.markdown, site: result.clip.site };
}

function clip(fixture: string): { markdown: string; site?: string } {
  const html = readSiteFixture(`substack/fixtures/${fixture}`);
  return clipPage(html, fixtureOptions(html).url);
}

describe('substack post components', () => {
  const { markdown, site } = clip('post-components-2026.html');

  it('is read by the substack module', () => {
    expect(site).toBe('substack');
  });

  it('keeps a LaTeX block from its data-attrs as display math', () => {
    expect(markdown).toContain('$$\nN \\approx \\frac{F}{r \\, t}\n$$');
  });

  it('writes a mention as the person it names', () => {
    expect(markdown).toContain('an idea from [Tamsin Rook](https://open.substack.com/users/');
  });

  it('makes an embedded post one link with its title and publication', () => {
    expect(markdown).toContain(
      '[The moth light fiasco](https://lanternworks.substack.com/p/the-moth-light-fiasco) (Lanternworks)',
    );
    expect(markdown).not.toContain('Read more');
    expect(markdown).not.toContain('40 likes');
    expect(markdown).not.toContain('utm_campaign=post_embed');
  });
});

describe('substack paid post', () => {
  it('ends on the paywall heading so the note does not pass for the whole post', () => {
    const { markdown, site } = clip('post-paywalled.html');
    expect(site).toBe('substack');
    expect(markdown.trimEnd().endsWith('*This post is for paid subscribers*')).toBe(true);
    expect(markdown).not.toContain('Sign in');
  });
});

describe('substack post saved before the app drew it', () => {
  it('reads the post from the page data (window._preloads) when the page has no body', () => {
    const { markdown, site } = clip('post-saved-preloads.html');
    expect(site).toBe('substack');
    expect(markdown).toContain('*Notes from a harbour that runs on 1987');
    expect(markdown).toContain('## Crossing times');
    expect(markdown).toContain('[^1]: The engine was replaced in 2004');
    expect(markdown).not.toContain('Subscribe now');
  });
});

describe('substack paid post saved before the app drew it', () => {
  const CUT = 'the note holds only what the page showed.*';

  it('ends the free part read from the page data with a line saying the post continues', () => {
    const { markdown, site } = clip('post-saved-preloads-paid.html');
    expect(site).toBe('substack');
    const lines = markdown.trimEnd().split('\n');
    expect(lines[lines.length - 1]).toBe(
      '*This post continues for paid subscribers; the note holds only what the page showed.*',
    );
    expect(lines[lines.length - 3]).toBe('### Yields by variety');
  });

  it('drops a footnote reference whose note was cut with the rest of the post', () => {
    const { markdown } = clip('post-saved-preloads-paid.html');
    expect(markdown).toContain(
      '\nThe co-op’s cider press runs two days a year, and for the first time we kept a ledger of every bucket that went through it.\n',
    );
    expect(markdown).not.toContain('#footnote-1-201877');
  });

  // The same saved page with the preloaded post's fields varied: the line needs all of them.
  const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');
  const freePart = `<p>${words(60)}</p><h3 class="header-anchor-post">What the ledger says</h3>`;
  const page = (post: Record<string, unknown>) => {
    const preloads = {
      post: {
        title: 'Ledger',
        post_date: '2026-10-18T08:00:00.000Z',
        publishedBylines: [{ name: 'Iona Petrakis' }],
        audience: 'only_paid',
        wordcount: 1200,
        body_html: freePart,
        ...post,
      },
    };
    return `<!DOCTYPE html><html><head><title>Ledger</title></head><body><div id="entry"></div><script>window._preloads = JSON.parse(${JSON.stringify(JSON.stringify(preloads))})</script><script src="https://substackcdn.com/bundle/static/js/main.1a2b3c.js"></script></body></html>`;
  };
  const ending = (post: Record<string, unknown>) => {
    const { markdown, site } = clipPage(page(post), 'https://pressday.substack.com/p/ledger');
    expect(site).toBe('substack');
    return markdown.trimEnd().split('\n').pop();
  };

  it('claims a cut only when audience, paywall marker and word count all say so', () => {
    expect(ending({})).toBe(
      '*This post continues for paid subscribers; the note holds only what the page showed.*',
    );
    // A post for everyone is whole.
    expect(ending({ audience: 'everyone' })).toBe('### What the ledger says');
    // A reader who may read on gets the editor's paywall marker and the rest of the post.
    expect(
      ending({
        body_html: `${freePart}<div class="paywall-jump" data-component-name="PaywallToDOM"></div><p>${words(40)} past the wall.</p>`,
      }),
    ).toBe(`${words(40)} past the wall.`);
    // Without the post's word count nothing says the body is short.
    expect(ending({ wordcount: null })).toBe('### What the ledger says');
    // A paid post without a paywall, read by a subscriber: the body holds every word.
    expect(ending({ wordcount: 64 })).toBe('### What the ledger says');
    const free = clip('post-saved-preloads.html').markdown;
    expect(free).not.toContain(CUT);
  });

  it('names founding members for a post only they may read', () => {
    expect(ending({ audience: 'founding' })).toBe(
      '*This post continues for founding members; the note holds only what the page showed.*',
    );
  });

  it('counts words of a script written without spaces so a whole post is not taken for cut', () => {
    const text = '渡し船の時刻表は一九八七年から変わっていない。'.repeat(20);
    expect(ending({ body_html: `<p>${text}</p>`, wordcount: 420 })).toBe(text);
    expect(ending({ body_html: `<p>${text}</p>`, wordcount: 4000 })).toBe(
      '*This post continues for paid subscribers; the note holds only what the page showed.*',
    );
  });
});

describe('substack post embeds as the post page draws them', () => {
  const { markdown, site } = clip('post-embeds-2026.html');
  const lines = markdown.split('\n');

  it('gives each image of a gallery a line of its own, then the gallery caption', () => {
    expect(site).toBe('substack');
    const first = lines.findIndex((line) => line.startsWith('![The eel ladder at dusk]('));
    const second = lines.findIndex((line) => line.startsWith('![Volunteers on the weir wall]('));
    const caption = lines.indexOf('The ladder at dusk, and the counting crew on the wall.');
    expect(first).toBeGreaterThan(-1);
    expect(second).toBeGreaterThan(first);
    expect(caption).toBeGreaterThan(second);
    // The largest size the pictures offer.
    expect(lines[first]).toContain(',w_1456,');
  });

  it('quotes an embedded X post: its text, its picture, then author and date linked to it', () => {
    expect(markdown).toContain(
      [
        '> Glass eels at the Weir Street ladder tonight: 1,412 counted by 11pm, the most since 2019. Thanks to every volunteer who brought a torch @tidewaternotes',
        '>',
        '> ![A bucket of glass eels under a head torch](https://pbs.substack.com/media/HRw2kQbXgAAe9Lm.jpg)',
        '>',
        '> — Harbour Eel Watch (@HarbourEels) [2026-05-03](https://x.com/HarbourEels/status/2051188420937461761)',
      ].join('\n'),
    );
  });

  it('reads a drawn X post that carries no data from its card', () => {
    expect(markdown).toContain(
      [
        '> Our camera at Weir Street logged 1,180 glass eels on Sunday night. Counts by eye run high in the dark; both numbers are good news.',
        '>',
        '> — River Authority (@RiverAuthority) [2026-05-04](https://x.com/RiverAuthority/status/2051577310442102784)',
      ].join('\n'),
    );
  });

  it("leaves the card's avatar, counts and tracking parameters out", () => {
    expect(markdown).not.toContain('X avatar for');
    expect(markdown).not.toContain('profile_images');
    expect(markdown).not.toMatch(/Views|Reposts|Likes/);
    expect(markdown).not.toContain('utm_');
  });

  it('names a podcast player by the episode its data-attrs give, not as a video', () => {
    expect(markdown).toContain(
      '[▶ Ep. 31: Counting what you can’t see (Spotify)](https://open.spotify.com/episode/4kXq9TzR2mLpW7vN3bYc1D)',
    );
    expect(markdown).toContain(
      '[The eel census (Apple Podcasts)](https://podcasts.apple.com/gb/podcast/the-eel-census/id1587204411?i=1000655310287)',
    );
  });
});

describe('substack post embeds stored empty, their content only in data-attrs', () => {
  // The post's stored body, as a page saved before the app drew it holds it: the gallery and the
  // X post are empty elements whose data-attrs hold everything.
  const attrs = (value: unknown) =>
    JSON.stringify(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const gallery = {
    gallery: {
      images: [
        {
          type: 'image/jpeg',
          src: 'https://substack-post-media.s3.amazonaws.com/public/images/a1_1500x1000.jpeg',
        },
        { type: 'image/png', src: 'javascript:alert(1)' },
        { type: 'image/png', src: 'data:image/png;base64,iVBORw0KGgo=' },
        {
          type: 'image/jpeg',
          src: 'https://substack-post-media.s3.amazonaws.com/public/images/a2_1500x1000.jpeg',
        },
      ],
      caption: 'Both banks at low tide',
      alt: 'The river at low tide',
      staticGalleryImage: {
        type: 'image/png',
        src: 'https://substack-post-media.s3.amazonaws.com/public/images/s_1456x720.png',
      },
    },
    isEditorNode: true,
  };
  const tweet = {
    url: 'https://x.com/TideTables/status/2049911203311411200?s=20&utm_source=substack',
    full_text:
      'Lowest tide of the spring tomorrow at 06:12.\n\nTables: <a class="tweet-url" href="https://example.org/tides?utm_source=twitter&amp;day=12">example.org/tides</a> <span class="tweet-fake-link">@harbourmaster</span>',
    username: 'TideTables',
    name: 'Tide Tables',
    date: 'Thu Apr 30 18:02:44 +0000 2026',
    photos: [{ img_url: 'javascript:alert(2)', link_url: 'https://t.co/x' }],
    quoted_tweet: {
      full_text: 'Spring tides this week.',
      username: 'Harbour',
      name: 'The Harbour Office',
    },
    reply_count: 1,
    retweet_count: 2,
    like_count: 30,
  };
  const body = `<p>Before.</p><div class="image-gallery-embed" data-attrs="${attrs(gallery)}"></div><div class="twitter-embed" data-attrs="${attrs(tweet)}" data-component-name="Twitter2ToDOM"></div><p>After.</p>`;
  const preloads = {
    post: {
      title: 'Low water',
      post_date: '2026-05-01T08:00:00.000Z',
      publishedBylines: [{ name: 'Ada Marsh' }],
      body_html: body,
    },
  };
  const html = `<!DOCTYPE html><html><head><title>Low water</title></head><body><div id="entry"></div><script>window._preloads = JSON.parse(${JSON.stringify(JSON.stringify(preloads))})</script><script src="https://substackcdn.com/bundle/static/js/main.1a2b3c.js"></script></body></html>`;
  const { markdown, site } = clipPage(html, 'https://tides.substack.com/p/low-water');

  it('keeps every web image of the gallery and its caption, no other address', () => {
    expect(site).toBe('substack');
    expect(markdown).toContain(
      [
        '![The river at low tide](https://substack-post-media.s3.amazonaws.com/public/images/a1_1500x1000.jpeg)',
        '',
        '![The river at low tide](https://substack-post-media.s3.amazonaws.com/public/images/a2_1500x1000.jpeg)',
        '',
        'Both banks at low tide',
      ].join('\n'),
    );
    expect(markdown).not.toMatch(/javascript:|data:image/);
  });

  it('quotes the X post with its paragraphs, its links, the post it quotes and who wrote it', () => {
    expect(markdown).toContain(
      [
        '> Lowest tide of the spring tomorrow at 06:12.',
        '>',
        '> Tables: [example.org/tides](https://example.org/tides?day=12) @harbourmaster',
        '>',
        '> > Spring tides this week.',
        '> >',
        '> > — The Harbour Office (@Harbour)',
        '>',
        '> — Tide Tables (@TideTables) [2026-04-30](https://x.com/TideTables/status/2049911203311411200)',
      ].join('\n'),
    );
  });
});
