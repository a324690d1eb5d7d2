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
});

describe('Claude', () => {
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
