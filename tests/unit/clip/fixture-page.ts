import { type ClipResult, clipDocument } from '../../../utils/clip';
import { fixtureOptions } from '../../support/fixture-options';
import { pageFromHtml, rangeOver, selectRanges } from './dom';

// The first-line comment's options are read in tests/support, without the engine, so the
// real-browser suites read them the same way; the unit tests import them from here.
export { type FixtureOptions, fixtureOptions } from '../../support/fixture-options';

/**
 * A fixture page clipped as its first-line comment asks (`<!-- clip: {...} -->`). Shared by the
 * golden pages and the hostile pages.
 */
export function clipFixture(html: string): ClipResult {
  const options = fixtureOptions(html);
  const doc = pageFromHtml(html, options.url);
  if (options.select)
    selectRanges(
      doc,
      options.select.map((selector) => rangeOver(doc, selector)),
    );
  return clipDocument(doc, {
    mode: options.mode ?? 'article',
    imageUrl: options.imageUrl,
    stripTrackingParameters: options.stripTrackingParameters,
    comments: options.comments,
  });
}
