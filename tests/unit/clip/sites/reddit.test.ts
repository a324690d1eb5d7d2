import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { readSiteFixture } from '../../../support/site-fixtures';
import { pageFromHtml } from '../dom';
import { fixtureOptions } from '../fixture-page';

/**
 * Reddit beyond its golden notes: a listing is its posts, a share link is its post, and the
 * parts of today's comments pages the golden pages do not isolate.
 */
function clip(html: string, url?: string) {
  const result = clipDocument(pageFromHtml(html, url ?? fixtureOptions(html).url), {
    mode: 'article',
  });
  if (!result.ok) throw new Error(result.error.code);
  return result.clip;
}

const page = (body: string) =>
  `<!DOCTYPE html><html><head><title>r/example</title></head><body><shreddit-app><main>${body}</main></shreddit-app></body></html>`;

describe('reddit listings', { timeout: 30_000 }, () => {
  it('keeps every post of a subreddit listing, each under its own title, and no ads', () => {
    const { markdown, site } = clip(readSiteFixture('reddit/fixtures/subreddit-listing.html'));
    expect(site).toBe('reddit');
    expect(markdown.match(/^## /gm)).toHaveLength(3);
    expect(markdown).toContain('Finally labelled every cable in the rack');
    expect(markdown).toContain('Would 10GbE cards be worth the heat and the noise?');
    expect(markdown).toContain('<https://blog.example.net/ups-shutdown/>');
    expect(markdown).not.toContain('Back up your lab');
    expect(markdown).not.toContain('## Comments');
  });

  it('reads posts that do not say where they are shown as a listing when there are several', () => {
    const html = page(
      ['First', 'Second']
        .map(
          (name) =>
            `<shreddit-post post-title="${name} experiment" author="${name.toLowerCase()}_author"><div slot="text-body"><p>${name} experiment, described at length.</p></div></shreddit-post>`,
        )
        .join(''),
    );
    const { markdown, metadata } = clip(html, 'https://www.reddit.com/r/example/');
    expect(markdown).toContain('## First experiment');
    expect(markdown).toContain('Second experiment, described at length.');
    expect(metadata.author).toBeUndefined();
  });
});

describe('reddit posts', { timeout: 30_000 }, () => {
  const post = (attributes: string) =>
    page(
      `<shreddit-post ${attributes} post-title="Shared post" author="sharer"><div slot="text-body"><p>What the shared post says.</p></div></shreddit-post>`,
    );

  it('names the subreddit of a share link from its address when the post does not', () => {
    const shared = clip(post(''), 'https://www.reddit.com/r/example/s/AbCdEf123');
    expect(shared.metadata.siteName).toBe('r/example');
    expect(shared.metadata.author).toBe('sharer');
    expect(shared.markdown).toContain('What the shared post says.');
    // A saved copy's address is no Reddit address: nothing is read from it.
    expect(clip(post(''), 'file:///home/reader/shared.html').metadata.siteName).toBe('Reddit');
  });

  it('leaves the blurred copy behind an image and the subreddit icon out', () => {
    const { markdown } = clip(
      page(
        `<shreddit-post post-title="A photo" author="snapper" view-context="CommentsPage"><div slot="post-media-container"><img class="shreddit-subreddit-icon__icon" src="https://styles.example/icon.png" alt=""><img class="post-background-image-filter absolute" src="https://preview.example/photo.jpeg?width=320" alt=""><img id="post-image" class="media-lightbox-img" src="https://preview.example/photo.jpeg?width=1080" alt="the photo"></div><div slot="text-body"><p>Taken at dawn.</p></div></shreddit-post>`,
      ),
      'https://www.reddit.com/r/example/comments/abc/a_photo/',
    );
    expect(markdown.match(/!\[/g)).toHaveLength(1);
    expect(markdown).toContain('width=1080');
  });

  it('puts a reply that names its parent in `parentid` under that parent', () => {
    const comment = (id: string, parent: string, text: string) =>
      `<shreddit-comment thingid="${id}" parentid="${parent}" author="${id}_author" score="3" created="2026-01-05T10:00:00.000000+0000"><div slot="comment"><p>${text}</p></div></shreddit-comment>`;
    const { markdown } = clip(
      page(
        `<shreddit-post id="t3_abc" post-title="A question" author="asker" view-context="CommentsPage"><div slot="text-body"><p>The question.</p></div></shreddit-post><shreddit-comment-tree>${comment('t1_a', 't3_abc', 'An answer.')}${comment('t1_b', 't1_a', 'A reply that arrived on its own.')}</shreddit-comment-tree>`,
      ),
      'https://www.reddit.com/r/example/comments/abc/a_question/',
    );
    expect(markdown).toMatch(/^> > A reply that arrived on its own\.$/m);
    expect(markdown).toContain('**t1_a_author** · 2026-01-05 · 3 points');
  });
});
