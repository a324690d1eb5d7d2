import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { detectSite } from '../../../../utils/clip/sites';
import { readSiteFixture } from '../../../support/site-fixtures';
import { pageFromHtml } from '../dom';
import { fixtureOptions } from '../fixture-page';

/** Gmail's detection rests on the thread view's structure, not on one class of the body. */
const message = (body: string) =>
  `<div class="adn ads" data-message-id="#msg-f:1"><div class="gs"><div class="gE iv gt">
<span email="eva@example.org" name="Eva Holm" class="gD"><span>Eva Holm</span></span>
<span class="g3" title="Apr 2, 2026, 9:00 AM">9:00 AM</span></div>${body}</div></div>`;

describe('Gmail detection', () => {
  it('reads a thread whose message box holds the mail without the .a3s wrapper', () => {
    const doc = pageFromHtml(
      `<html><body><div role="main"><h2 class="hP">Boat trailer for Sunday</h2>
${message('<div class="ii gt"><div dir="ltr">The trailer is free from noon.</div></div>')}
</div></body></html>`,
      'https://mail.google.com/mail/u/0/#inbox/FMfcgzQX',
    );
    const result = clipDocument(doc, { mode: 'article' });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.clip.site).toBe('gmail');
    expect(result.clip.metadata.title).toBe('Boat trailer for Sunday');
    expect(result.clip.markdown).toContain('> **Eva Holm** · Apr 2, 2026, 9:00 AM');
    expect(result.clip.markdown).toContain('The trailer is free from noon.');
  });

  it("reads a mail written in Outlook with its lists as lists, not Word's list paragraphs", () => {
    // Gmail shows Outlook's HTML with its classes prefixed, <o:p> as <u></u>, and the marker text
    // Word writes before each item; the item's level is its left margin.
    const item = (margin: string, marker: string, text: string) =>
      `<p class="m_-4711MsoListParagraph" style="${margin}text-indent:-.25in"><span style="font-family:Symbol">${marker}<span style="font:7.0pt &quot;Times New Roman&quot;">&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span>${text}<u></u><u></u></p>`;
    const doc = pageFromHtml(
      `<html><body><div role="main"><h2 class="hP">Slipway booking</h2>
${message(`<div class="ii gt"><div class="a3s aiL"><div class="m_-4711WordSection1">
<p class="m_-4711MsoNormal">Hi Eva, for Sunday we need:<u></u><u></u></p>
${item('', '·', 'the trailer')}
${item('margin-left:1.0in;', 'o', 'with the spare wheel')}
${item('', '·', 'two people at the winch')}
<p class="m_-4711MsoNormal">Thanks, Jon<u></u><u></u></p></div></div></div>`)}
</div></body></html>`,
      'https://mail.google.com/mail/u/0/#inbox/FMfcgzQY',
    );
    const result = clipDocument(doc, { mode: 'article' });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.clip.site).toBe('gmail');
    expect(result.clip.markdown).toContain(
      '> - the trailer\n>   - with the spare wheel\n> - two people at the winch',
    );
  });

  it('claims no page that merely uses the class name and the attribute', () => {
    const doc = pageFromHtml(
      `<html><body><main><article><h1>Ad network notes</h1>
<div class="adn" data-message-id="42"><p>An ad slot that happens to share a class name with Gmail's message rows.</p></div>
</article></main></body></html>`,
      'https://example.com/blog/ads',
    );
    expect(detectSite(doc)).toBeUndefined();
  });
});

/** Gmail collapses a thread's earlier messages to a header with a one-line snippet. */
describe('Gmail collapsed messages', () => {
  const clip = (html: string, url: string) => {
    const result = clipDocument(pageFromHtml(html, url), { mode: 'article' });
    if (!result.ok) throw new Error(result.error.code);
    return result.clip;
  };

  it('keeps a collapsed message as its sender, date and snippet, marked as a preview', () => {
    const html = readSiteFixture('gmail/fixtures/thread-collapsed.html');
    const note = clip(html, fixtureOptions(html).url as string);
    const quotes = note.markdown.split(/\n\n(?=> \*\*)/);
    expect(quotes.map((quote) => /^> \*\*([^*]+)\*\*/m.exec(quote)?.[1])).toEqual([
      'Ilse Brandt',
      'Jonas Vaal',
      'Ilse Brandt',
    ]);
    expect(quotes[0]).toContain('> **Ilse Brandt** · Mon, Jun 8, 2026, 9:12 AM');
    expect(quotes[0]).toContain('> Hi all, the 8:40 ferry on Saturday is cancelled for repairs.');
    expect(quotes[0]).toContain('> *Collapsed on the page; only its preview is in this note.*');
    // The snippet is drawn twice in the header (wide and narrow layouts): the note has it once.
    expect(note.markdown.split('the 8:40 ferry').length).toBe(2);
    // A message opened and collapsed again still holds its body (hidden): it is read in full.
    expect(quotes[1]).toContain('I will bring the spare oars and the first-aid kit.');
    expect(quotes[1]).not.toContain('Collapsed on the page');
    expect(quotes[2]).not.toContain('Collapsed on the page');
    // The thread starts with the collapsed message: its sender and day head the note.
    expect(note.metadata.author).toBe('Ilse Brandt');
  });

  it('says how many messages a long thread folds away where they were', () => {
    const row = (name: string, text: string) =>
      `<div class="h7" role="listitem"><div class="adn ads" data-message-id="#msg-f:${name.length}">
<span email="${name.toLowerCase()}@example.org" name="${name}" class="gD">${name}</span>
<span class="g3" title="Apr 2, 2026, 9:00 AM">9:00 AM</span>
<div class="ii gt"><div class="a3s aiL"><div dir="ltr">${text}</div></div></div></div></div>`;
    const note = clip(
      `<html><body><div role="main"><h2 class="hP">Boat trailer for Sunday</h2><div role="list">
${row('Eva', 'Who has the trailer key?')}
<div class="kQ" role="listitem" tabindex="0"><div class="G3 G2"><span class="adx"><span>2</span></span></div></div>
${row('Bo', 'Found it in the shed.')}
</div></div></body></html>`,
      'https://mail.google.com/mail/u/0/#inbox/FMfcgzQX',
    );
    expect(note.markdown).toMatch(
      /Who has the trailer key\?\n\n\*2 messages folded on the page are not in this note\.\*\n\n> \*\*Bo\*\*/,
    );
  });
});
