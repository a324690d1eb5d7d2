import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { readSite, SITE_MODULES } from '../../../../utils/clip/sites';
import { readSiteFixture } from '../../../support/site-fixtures';
import { pageFromHtml } from '../dom';
import { fixtureOptions } from '../fixture-page';

/**
 * The AI conversation modules (ChatGPT, Claude, Gemini) beyond their golden notes: a redesign
 * each module still recognises but cannot read falls back to the generic engine, and the parts
 * of today's pages a golden note shows only in passing (a conversation opened earlier in the
 * tab, expanded thinking, an artifact's card and side panel, screen-reader labels).
 */
function page(path: string): Document {
  const html = readSiteFixture(path);
  return pageFromHtml(html, fixtureOptions(html).url);
}

function clip(doc: Document) {
  const result = clipDocument(doc, { mode: 'article' });
  if (!result.ok) throw new Error(result.error.code);
  return result.clip;
}

describe('a conversation in a layout its module does not know', { timeout: 30_000 }, () => {
  it.each([
    ['chatgpt', 'What does 75% hydration mean for a sourdough?'],
    ['claude', 'How do I undo it without rewriting history?'],
    ['gemini', 'How long can cooked rice stay in the fridge'],
  ])(
    '%s claims its changed layout, reads nothing, and the generic engine clips it',
    (id, prompt) => {
      const doc = page(`${id}/fixtures/changed-layout.html`);
      const module = SITE_MODULES.find((site) => site.id === id);
      expect(module?.detect(doc, new URL(doc.URL))).toBe(true);
      const reading = readSite(doc, undefined);
      // Claimed: the module knows the site, so the engine knows it is a discussion.
      expect(reading.site?.id).toBe(id);
      expect(reading.clip).toBeNull();
      const note = clip(doc);
      expect(note.site).toBeUndefined();
      // The first prompt is in the note, not only the longest answer.
      expect(note.markdown).toContain(prompt);
    },
  );
});

describe('ChatGPT', () => {
  it('reads the thread of late 2026: no role attributes, prompts and replies by their own hooks', () => {
    const doc = page('chatgpt/fixtures/conversation-2026-layout.html');
    const reading = readSite(doc, undefined);
    expect(reading.site?.id).toBe('chatgpt');
    const text = reading.clip?.extraction.content.textContent ?? '';
    expect(text).toContain('How is the monthly payment on a fixed-rate loan worked out?');
    expect(text).toContain('Paying an extra 50 a month');
  });

  it('leaves out a conversation opened earlier in the tab, which the app keeps hidden', () => {
    const doc = page('chatgpt/fixtures/conversation-2026-layout.html');
    const { markdown } = clip(doc);
    expect(markdown).not.toContain('three-year-old fig tree');
    expect(markdown.match(/^\*\*You said\*\*$/gm)).toHaveLength(2);
  });

  it('rebuilds a code block drawn without pre, by its editor lines and header language', () => {
    const { markdown } = clip(page('chatgpt/fixtures/conversation-2026-layout.html'));
    expect(markdown).toContain(
      '```python\ndef monthly_payment(principal, annual_rate, years):\n    r = annual_rate / 12\n',
    );
    expect(markdown).toContain('```bash\npython3 loan.py\n355.57\n```');
    // The header's label and buttons are not code or prose.
    expect(markdown).not.toMatch(/^(?:python|bash|Copy|Run)$/m);
    // A formula whose TeX is only on its wrapper keeps it.
    expect(markdown).toContain('$$\nM = P \\frac{r(1+r)^n}{(1+r)^n - 1}\n$$');
    expect(markdown).toContain('a principal $P$');
  });

  it('names a block by its header when the editor does not, and reads a block drawn with code', () => {
    const block = (body: string) =>
      `<div data-markdown-copy="code-block"><div data-markdown-copy="exclude"><span>ruby</span><button>Copy</button></div>${body}</div>`;
    const doc = pageFromHtml(
      `<title>Gems - ChatGPT</title><main>
        <div data-testid="conversation-turn-1"><h5 class="sr-only">You said:</h5>
          <div data-message-author-role="user"><div class="whitespace-pre-wrap">List the gems.</div></div></div>
        <div data-testid="conversation-turn-2"><h5 class="sr-only">ChatGPT said:</h5>
          <div data-message-author-role="assistant"><div class="markdown"><p>Like this:</p>
          ${block('<div class="cm-editor"><div class="cm-scroller"><div class="cm-content"><div class="cm-line">gems.each do |gem|</div><div class="cm-line">  puts gem</div><div class="cm-line">end</div></div></div></div>')}
          <p>Or in one line:</p>${block('<code>puts gems.join(", ")</code>')}</div></div></div>
      </main>`,
      'https://chatgpt.com/share/gems',
    );
    const { markdown } = clip(doc);
    expect(markdown).toContain('```ruby\ngems.each do |gem|\n  puts gem\nend\n```');
    expect(markdown).toContain('```ruby\nputs gems.join(", ")\n```');
    expect(markdown).not.toMatch(/^(?:ruby|Copy)$/m);
  });

  it('keeps an answer split by a reasoning step as one turn, in the older layout too', () => {
    const doc = pageFromHtml(
      `<title>Picnic - ChatGPT</title><main>
        <div data-testid="conversation-turn-1"><h5 class="sr-only">You said:</h5>
          <div data-message-author-role="user"><div class="whitespace-pre-wrap">Plan a picnic.</div></div></div>
        <div data-testid="conversation-turn-2"><h5 class="sr-only">ChatGPT said:</h5>
          <div data-message-author-role="assistant"><div class="markdown"><p>Pick a park.</p></div></div>
          <button><span data-state="closed">Thought for 4s</span></button>
          <div data-message-author-role="assistant"><div class="markdown"><p>Bring a blanket.</p></div></div></div>
      </main>`,
      'https://chatgpt.com/share/picnic',
    );
    const { markdown } = clip(doc);
    expect(markdown).toBe(
      '**You said**\n\nPlan a picnic.\n\n---\n\n**ChatGPT said**\n\nPick a park.\n\nBring a blanket.',
    );
  });

  it('makes the citation chips of late 2026 footnotes: no chip text, favicon or tracking left', () => {
    const { markdown } = clip(page('chatgpt/fixtures/shared-2026-citation-chips.html'));
    // The chip reads "Wikipedia +2" on the page; its words and icon are not the answer's.
    expect(markdown).not.toMatch(/Wikipedia|NOAA|ADMIRALTY|\+\d\b/);
    expect(markdown).not.toContain('gstatic');
    expect(markdown).not.toContain('utm_source');
    expect(markdown).toContain('every lunar day of about 24 hours 50 minutes.[^1]');
    expect(markdown).toContain('| Semidiurnal | 2 highs, 2 lows | Saint-Malo[^3] |');
    // One source cited three times, in both answers, is one footnote.
    expect(markdown.match(/\[\^2\](?!:)/g)).toHaveLength(3);
    expect(markdown.match(/^\[\^\d+\]: /gm)).toHaveLength(5);
    expect(markdown).toContain('[^1]: [en.wikipedia.org](https://en.wikipedia.org/wiki/Tide)');
    expect(markdown).toContain(
      '[^2]: [oceanservice.noaa.gov](https://oceanservice.noaa.gov/facts/twotides.html)',
    );
    // The "Sources" button under each answer is not text.
    expect(markdown).not.toMatch(/^Sources$/m);
  });

  it('reads a chip without href by its label, and drops one that cites no web address', () => {
    const chip = (attributes: string, name: string) =>
      `<span data-state="closed" class="contents"><span data-search-result-target=""><a data-testid="chatgpt-citation" ${attributes} target="_blank"><span><span><span class="Favicon-xZwQNw"><img alt="" src="https://t0.gstatic.com/faviconV2?url=x"></span><span>${name}</span></span><span aria-hidden="true">+1</span></span></a></span></span>`;
    const doc = pageFromHtml(
      `<title>Kites - ChatGPT</title><main>
        <div data-turn-key="k1"><h4 class="sr-only">You said:</h4>
          <div data-user-message-bubble="true"><div data-markdown-text-tone="user-message"><p>Why do kites fly?</p></div></div>
          <h4 class="sr-only" data-conversation-role="assistant">ChatGPT said:</h4>
          <div data-chatgpt-selection-message-id="m1"><div data-markdown-text-style="assistant-message">
            <p>The wind pushes the kite up and back.${chip('aria-label="Kite Society: How kites fly, https://kites.example/physics?utm_source=chatgpt.com, 1 additional source"', 'Kite Society')}</p>
            <p>The line holds it at an angle.${chip('href="javascript:alert(1)" aria-label="Trap: Trap, javascript:alert(1)"', 'Trap')}</p>
          </div></div></div>
      </main>`,
      'https://chatgpt.com/share/kites',
    );
    const { markdown } = clip(doc);
    expect(markdown).toContain('The wind pushes the kite up and back.[^1]');
    expect(markdown).toContain('[^1]: [kites.example](https://kites.example/physics)');
    expect(markdown).toContain('The line holds it at an angle.\n');
    expect(markdown).not.toMatch(/Trap|javascript|Kite Society|\+1/);
  });

  it('drops the tracking tag from the footnotes of the older pills too', () => {
    const { markdown } = clip(page('chatgpt/fixtures/shared-math-table-code-citations.html'));
    expect(markdown).toContain(
      '[^1]: [kingarthurbaking.com](https://www.kingarthurbaking.com/pro/reference/bakers-percentage)',
    );
    expect(markdown).not.toContain('utm_source');
  });
});

describe('Claude', () => {
  it('makes every web-search pill a footnote, whatever words or script name its source', () => {
    const { markdown } = clip(page('claude/fixtures/shared-web-search-citations.html'));
    // The pills read "USDA FSIS", "Food Standards Agency", "Bundeszentrum für Ernährung".
    expect(markdown).not.toMatch(/USDA FSIS|Food Standards Agency|Bundeszentrum/);
    expect(markdown).toContain('split it into shallow containers first.[^2]');
    expect(markdown).toContain('heat does not destroy.[^3]');
    expect(markdown).toContain('Reheat only the portion you will eat, and only once.[^2]');
    expect(markdown.match(/^\[\^\d+\]: /gm)).toHaveLength(4);
    expect(markdown).toContain(
      '[^2]: [food.gov.uk](https://www.food.gov.uk/safety-hygiene/leftovers)',
    );
    expect(markdown).toContain(
      '[^3]: [bzfe.de](https://www.bzfe.de/lebensmittelsicherheit/reste-richtig-aufbewahren/)',
    );
    // A link the answer writes in its words stays where it is.
    expect(markdown).toContain(
      'The [chilling guide](https://www.food.gov.uk/safety-hygiene/chilling) has a table',
    );
    // The folded search panel is not the answer.
    expect(markdown).not.toContain('Searched the web');
  });

  it('reads a chat of the user’s own (/chat/), not only a shared one', () => {
    const reading = readSite(page('claude/fixtures/chat-artifact-table.html'), undefined);
    expect(reading.site?.id).toBe('claude');
    expect(reading.clip?.extraction.metadata.title).toBe('Splitting a bike tour into days');
  });

  it('leaves out expanded thinking, which sits under a timeline block', () => {
    const { markdown } = clip(page('claude/fixtures/chat-artifact-table.html'));
    expect(markdown).not.toContain('Lea rides about 70 km a day');
    expect(markdown).not.toContain('Searched the web');
  });

  it('names an artifact where its card is, and quotes it when the side panel shows it', () => {
    const { markdown } = clip(page('claude/fixtures/chat-artifact-table.html'));
    const card = markdown.indexOf('**Packing list for four days** · Document · MD');
    expect(card).toBeGreaterThan(markdown.indexOf('I also wrote a packing list'));
    expect(card).toBeLessThan(markdown.indexOf('Book the room in Les Diablerets'));
    expect(markdown).toContain('> ## On the bike\n>\n> - Spare inner tube and tyre levers');
    // The panel's own heading repeats the card's title: it is not kept twice.
    expect(markdown.match(/Packing list for four days/g)).toHaveLength(1);
    // The card's download control is not text.
    expect(markdown).not.toContain('Download');
  });

  it('names an artifact whose panel is closed', () => {
    const doc = page('claude/fixtures/chat-artifact-table.html');
    doc.querySelector('[data-skill-file-viewer]')?.remove();
    const { markdown } = clip(doc);
    expect(markdown).toContain(
      '**Packing list for four days** · Document · MD\n\nBook the room in Les Diablerets',
    );
  });
});

describe('Gemini', () => {
  it('leaves the screen-reader label out of the prompt and the product out of the title', () => {
    const { markdown, metadata } = clip(page('gemini/fixtures/app-table-math.html'));
    expect(markdown).toContain('**You**\n\nI want to brine a whole chicken');
    expect(markdown).not.toContain('You said');
    expect(markdown).not.toContain('Gemini said');
    expect(metadata.title).toBe('Brine strength for a chicken');
  });

  it('keeps a table from its table block, without the export button', () => {
    const { markdown } = clip(page('gemini/fixtures/app-table-math.html'));
    expect(markdown).toContain('| 5% | 53 g | 8–12 h |');
    expect(markdown).not.toContain('Export to Sheets');
  });

  it('titles a conversation from its first prompt when the page title is only the product', () => {
    const doc = page('gemini/fixtures/app-table-math.html');
    doc.title = 'Google Gemini';
    const reading = readSite(doc, undefined);
    expect(reading.clip?.extraction.metadata.title).toBe(
      'I want to brine a whole chicken in 2 litres of water. How much salt for a 5%…',
    );
  });
});
