import { resolve } from 'node:path';
import { micromark } from 'micromark';
import { startStaticServer } from '../../../scripts/lib/static-server';
import { expect, tabIdOf, test } from '../fixtures';
import { PopupPage } from '../pages/popup-page';

/**
 * An article with posts embedded the ways sites embed them (the golden page
 * tests/fixtures/clip/embeds-social-posts.html), clipped from the popup in the real browser: each
 * post in the article reaches the note, as a quote or as a link to the post, inside the text where
 * the page shows it; the post in the sidebar does not. The platforms' scripts and frames are
 * refused, as a content blocker or an offline machine would: the page keeps the markup the embed
 * code wrote and the frames' elements, which is what the engine reads.
 */
test('posts embedded in an article are kept in the note where the page shows them', async ({
  context,
  worker,
  extensionId,
  notesServer,
  configure,
}) => {
  const pages = await startStaticServer(resolve('tests/fixtures/clip'));
  try {
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/]|localhost[:/])/, (route) => route.abort());
    await configure({ baseUrl: notesServer.baseUrl, apiKey: notesServer.apiKey });
    const article = await context.newPage();
    await article.goto(pages.urlFor('embeds-social-posts.html'), { waitUntil: 'domcontentloaded' });
    const popup = await PopupPage.open(
      await context.newPage(),
      extensionId,
      await tabIdOf(worker, article),
    );
    await popup.waitForPreview();
    await popup.saveButton.click();
    await expect(popup.savedMessage).toHaveText(
      'Saved “A state slogan goes viral for the wrong reasons”',
    );

    const markdown = notesServer.notes()[0]?.markdown_text ?? '';
    const html = micromark(markdown);
    // Quoted posts: their text in a blockquote, the blank line inside the X post kept.
    const quotes = Array.from(html.matchAll(/<blockquote>([\s\S]*?)<\/blockquote>/g), (m) => m[1]);
    expect(quotes).toHaveLength(3);
    expect(quotes[0]).toContain('<p>Yes, this is real.</p>\n<p>And yes, the state spent');
    expect(quotes[0]).toContain('— Dianna Anderson (@danderson)');
    expect(quotes[1]).toContain('Any campaign people argue about is a campaign people remember.');
    // TikTok's quote is the caption, with the video it belongs to.
    expect(quotes[2]).toContain('When the state asks if you are on it');
    expect(quotes[2]).toContain(
      '<a href="https://www.tiktok.com/@prairiejokes/video/7304512345678901234">▶ TikTok video</a>',
    );
    // Drawn posts and Instagram's placeholder: a link to the post itself.
    for (const link of [
      '<a href="https://x.com/i/status/1196537428427857920">X post</a>',
      '<a href="https://www.instagram.com/p/C8xYz12AbCd/">Instagram post</a>',
      '<a href="https://mastodon.social/@formerofficial/113450123456789012">Mastodon post</a>',
      '<a href="https://www.facebook.com/plainsdot/posts/1234567890">Facebook post</a>',
      '<a href="https://mastodon.social/@senatorhale/113450987654321098">Mastodon post</a>',
      '<a href="https://www.threads.net/@senator.ruiz/post/C9aBcDeFgHi">Threads post</a>',
    ]) {
      expect(html).toContain(link);
    }
    // In the text's order: the drawn X post after the governor's answer, before the professor.
    expect(markdown.indexOf('X post')).toBeGreaterThan(markdown.indexOf('The governor answered'));
    expect(markdown.indexOf('X post')).toBeLessThan(markdown.indexOf('A communications professor'));
    // The sidebar's post and the platforms' own wording stay out.
    expect(markdown).not.toContain('Our weekend edition is out');
    for (const wording of ['View this post on Instagram', 'View on Mastodon', 'View on Threads'])
      expect(markdown).not.toContain(wording);
  } finally {
    await pages.stop();
  }
});
