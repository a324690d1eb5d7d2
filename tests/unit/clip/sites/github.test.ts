import { describe, expect, it } from 'vitest';
import { type CommentDepth, clipDocument } from '../../../../utils/clip';
import { readSiteFixture } from '../../../support/site-fixtures';
import { pageFromHtml } from '../dom';
import { fixtureOptions } from '../fixture-page';

function clip(path: string, comments?: CommentDepth) {
  const html = readSiteFixture(path);
  const result = clipDocument(pageFromHtml(html, fixtureOptions(html).url), {
    mode: 'article',
    ...(comments && { comments }),
  });
  if (!result.ok) throw new Error(result.error.code);
  return result.clip;
}

/**
 * A comment a maintainer hid (spam, off-topic, outdated, …) keeps its place in the thread as one
 * italic line, with its text under it when the page holds it, and is never signed by a neighbour.
 */
describe('GitHub hidden comments', () => {
  it('keep their place as one line, with the text the page holds and nothing twice', () => {
    const { site, markdown } = clip('github/fixtures/pull-request-hidden-comments.html');
    expect(site).toBe('github');
    const lines = [
      '> *A comment by @quickfixer99 on 2026-03-02 was hidden as off-topic.*\n>\n> Unrelated, but does anyone know when 3.0 ships?',
      '> *A comment by @crypto-deals-4u was hidden as spam.*\n\n',
      '> **okafor** · 2026-03-02 · src/upload.rs',
      '> *A comment by @lindqvist on 2026-03-02 was hidden.*\n>\n> Capped at 10 seconds in total.',
      '> **okafor** · 2026-03-02\n>\n> Thanks, approving once CI is green.',
    ];
    const at = lines.map((line) => markdown.indexOf(line));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(markdown.split('was hidden').length - 1).toBe(4);
    expect(markdown.split('Capped at 10 seconds').length - 1).toBe(1);
  });

  it('are signed by no one rather than by the reviewer whose thread holds them', () => {
    const { markdown } = clip('github/fixtures/pull-request-hidden-comments.html');
    expect(markdown).toContain(
      '> Please cap the total wait, a 503 that lasts a minute should fail fast.\n>\n> > *A comment was hidden.*',
    );
    const opened = clip('github/fixtures/saved-pull-request-hidden-opened.html').markdown;
    expect(opened).toContain(
      '> > *A comment by @okafor on 2026-03-05 was hidden as resolved.*\n> >\n> > Capped at 10 seconds in 9a41c07.',
    );
    expect(opened).not.toContain('**okafor**');
  });

  it('signed out, are a line of their own among the answers and replies, per depth', () => {
    const all = clip('github/fixtures/discussion-hidden-signed-out.html').markdown;
    expect(all).toContain(
      '> > *A comment was hidden as off-topic.*\n>\n> > **lenaw** · 2026-08-11',
    );
    expect(all).toContain('> *A comment was hidden as spam.*\n\n> **pmarsh** · 2026-08-12');
    const top = clip('github/fixtures/discussion-hidden-signed-out.html', 'top-level').markdown;
    expect(top).toContain('> *A comment was hidden as spam.*');
    expect(top).not.toContain('off-topic');
  });
});
