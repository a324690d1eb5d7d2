import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { detectSite } from '../../../../utils/clip/sites';
import { pageFromHtml } from '../dom';

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
