import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { readSiteFixture } from '../../../support/site-fixtures';
import { pageFromHtml } from '../dom';
import { fixtureOptions } from '../fixture-page';

/**
 * Stack Exchange writes the question's `time[itemprop="dateCreated"]` without a zone; the site
 * means UTC, so the note's date must not move with the reader's time zone.
 */
describe('Stack Exchange dates', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Asia/Tokyo';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('reads a time without a zone as UTC, wherever the reader is', () => {
    const html = readSiteFixture('stack-exchange/fixtures/stackoverflow-question.html');
    const result = clipDocument(pageFromHtml(html, fixtureOptions(html).url), { mode: 'article' });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.clip.metadata.published).toBe('2025-05-14T09:21:07.000Z');
  });
});
