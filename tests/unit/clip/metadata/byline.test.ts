import { describe, expect, it } from 'vitest';
import { clipDocument, composeNote } from '../../../../utils/clip';
import { pageFromHtml } from '../dom';

const ARTICLE = `<article><h1>Monitoring Distributed Systems</h1>${'<p>Alerting on symptoms rather than causes keeps pages rare and worth answering at any hour.</p>'.repeat(8)}</article>`;

function headerOf(head: string, body = ARTICLE): string {
  const result = clipDocument(
    pageFromHtml(`<html><head><title>SRE</title>${head}</head><body>${body}</body></html>`),
    { mode: 'article' },
  );
  if (!result.ok) throw new Error(result.error.code);
  return composeNote(result.clip, { now: new Date('2026-03-14T09:00:00Z'), locale: 'en-US' });
}

/** The header says "By" itself: a byline that already says it must not say it twice (issue 19). */
describe('bylines in the note header', () => {
  it('drops a leading by-phrase and an editor’s credit from the author meta tag', () => {
    const note = headerOf(
      '<meta name="author" content="Written by Rob Ewaschuk Edited by Betsy Beyer">',
    );
    expect(note).toMatch(/^By Rob Ewaschuk \\$/m);
  });

  it('does the same for the byline Readability finds in the page', () => {
    const note = headerOf(
      '',
      `<p class="byline">Posted by Sam Ortega, photos by Lee Park</p>${ARTICLE}`,
    );
    expect(note).toMatch(/^By Sam Ortega \\$/m);
  });

  it('leaves out a byline Readability finds that is really the dateline', () => {
    // The Seattle Times: Readability's byline is the element that holds the dates.
    const note = headerOf(
      '',
      `<div class="article-byline">April 28, 2019 at 6:01 am Updated April 29, 2019 at 3:33 pm</div>${ARTICLE}`,
    );
    expect(note).not.toMatch(/^By /m);
    expect(note).not.toContain('6:01 am');
  });

  it('leaves out a byline Readability finds that is an entry of the site’s menu', () => {
    // Yahoo! Japan: the menu's link to the columnists' section has the id "…Bylines".
    const menu = `<ul id="sections"><li id="navNews"><a href="/news">News</a></li><li id="navBylines"><a href="/bylines">Columnists</a></li><li id="navSport"><a href="/sport">Sport</a></li><li id="navWeather"><a href="/weather">Weather</a></li></ul>`;
    const note = headerOf('', `${menu}${ARTICLE}`);
    expect(note).not.toMatch(/^By /m);
    expect(note).not.toContain('Columnists');
    // The same list after the heading is the article's own: a list of its authors.
    const authors = `<article><h1>Monitoring Distributed Systems</h1><ul><li class="author"><a href="/people/rob">Rob Ewaschuk</a></li><li><a href="/people/betsy">Betsy Beyer</a></li><li><a href="/people/chris">Chris Jones</a></li><li><a href="/people/jen">Jennifer Petoff</a></li></ul>${'<p>Alerting on symptoms rather than causes keeps pages rare and worth answering at any hour.</p>'.repeat(8)}</article>`;
    expect(headerOf('', authors)).toMatch(/^By Rob Ewaschuk \\$/m);
  });

  it("drops the note marks set after each author's name (a paper's affiliations)", () => {
    const note = headerOf(
      '',
      `<p class="byline">Ada Keeper<sup>1</sup>, Ben Lamp<sup>1,2</sup> and Cy Watch<sup>*</sup></p>${ARTICLE}`,
    );
    expect(note).toMatch(/^By Ada Keeper, Ben Lamp and Cy Watch \\$/m);
  });

  it("keeps the digits of a user name (a docs page signs with the writer's handle)", () => {
    expect(headerOf('<meta name="author" content="ggailey777">')).toMatch(/^By ggailey777 \\$/m);
    expect(headerOf('<meta name="author" content="Jane Doe2, jdoe42">')).toMatch(
      /^By Jane Doe, jdoe42 \\$/m,
    );
  });

  it('leaves a name alone, particles and all', () => {
    expect(headerOf('<meta name="author" content="Anna di Stefano">')).toMatch(
      /^By Anna di Stefano \\$/m,
    );
  });
});
