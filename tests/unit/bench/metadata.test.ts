import { describe, expect, it } from 'vitest';
import { metadataAudit, scoreMetadata } from '../../../bench/metrics/metadata';

describe('metadata scores', () => {
  it('keeps the plain verdict against Readability and adds one against the audited value', () => {
    // The Seattle Times: Readability's byline is the dateline.
    const expected = {
      title: 'Alaskan halibut provides a glimpse of Amazon’s strategy',
      byline: 'April 28, 2019 at 6:01 am Updated April 29, 2019 at 3:33 pm',
      corrections: { byline: 'Benjamin Romano' },
    };
    const name = scoreMetadata(expected, {
      title: 'Alaskan halibut provides a glimpse of Amazon’s strategy',
      byline: 'Benjamin Romano',
    });
    expect(name.byline).toBe(false);
    expect(name.audited.byline).toBe(true);
    expect(name.audited.title).toBe(true);
    const dateline = scoreMetadata(expected, { byline: expected.byline });
    expect(dateline.byline).toBe(true);
    expect(dateline.audited.byline).toBe(false);
  });

  it('passes a page that names no author only when the pipeline gives none', () => {
    const expected = { title: 'x', byline: '個人', corrections: { byline: null } };
    expect(scoreMetadata(expected, { title: 'x' }).audited.byline).toBe(true);
    expect(scoreMetadata(expected, { title: 'x', byline: '個人' }).audited.byline).toBe(false);
    expect(scoreMetadata(expected, { title: 'x', byline: '個人' }).byline).toBe(true);
  });

  it('gives every audited value the reason it differs from Readability’s', () => {
    const pages = Object.entries(metadataAudit());
    expect(pages.length).toBeGreaterThan(0);
    for (const [, fields] of pages) {
      for (const entry of Object.values(fields)) expect(entry?.why.length).toBeGreaterThan(20);
    }
  });
});
