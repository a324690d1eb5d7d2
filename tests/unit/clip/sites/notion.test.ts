import { describe, expect, it } from 'vitest';
import { clipDocument } from '../../../../utils/clip';
import { detectSite } from '../../../../utils/clip/sites';
import { pageFromHtml } from '../dom';

/**
 * Notion pages beyond their golden notes: a database shown as a board, a page opened over
 * another (a peek), a block of a kind the module does not know, and pages that only look like
 * Notion's.
 */
const leaf = (text: string) =>
  `<div data-content-editable-leaf="true" contenteditable="false" class="notranslate">${text}</div>`;
const block = (kind: string, inner: string, id = kind) =>
  `<div data-block-id="${id}" class="notion-selectable notion-${kind}-block">${inner}</div>`;
const content = (blocks: string) => `<div class="notion-page-content">${blocks}</div>`;

function page(body: string): Document {
  return pageFromHtml(
    `<!DOCTYPE html><html lang="en"><head><title>Crew notes</title></head><body class="notion-body"><div id="notion-app">${body}</div></body></html>`,
    'https://crew.notion.site/Crew-notes-0123456789abcdef0123456789abcdef',
  );
}

function markdownOf(doc: Document): string {
  const result = clipDocument(doc, { mode: 'article' });
  if (!result.ok) throw new Error(`Expected a clip, got ${result.error.kind}`);
  expect(result.clip.site).toBe('notion');
  return result.clip.markdown;
}

const INTRO = block(
  'text',
  leaf('The crew keeps these notes for each crossing, and reads them before the next one.'),
  'intro',
);

describe('Notion pages', () => {
  it('writes a database shown as a board as the list of its cards, each linked to its page', () => {
    const card = (href: string, title: string, tag: string) =>
      `<a href="${href}" class="notion-collection-item"><div class="notion-record-icon">📄</div><div>${title}</div><div class="notion-collection-select-option"><div>${tag}</div></div></a>`;
    const board = block(
      'collection_view',
      `<div class="notion-collection-view-tab-button" role="button">Board</div><div role="button">Filter</div>${leaf('Repairs')}<div class="notion-board-view"><div class="notion-board-group">${card('/Fix-the-winch-1', 'Fix the winch', 'Doing')}${card('/New-fenders-2', 'New fenders', 'Done')}</div></div><div role="button">New</div>`,
    );
    const markdown = markdownOf(page(content(INTRO + board)));
    expect(markdown).toContain('**Repairs**');
    expect(markdown).toContain(
      '- [Fix the winch, Doing](https://crew.notion.site/Fix-the-winch-1)\n- [New fenders, Done](https://crew.notion.site/New-fenders-2)',
    );
    expect(markdown).not.toMatch(/^(?:Filter|Board|New)$/m);
  });

  it('reads the page opened over another, when one is open', () => {
    const under = content(
      block('text', leaf('The page underneath, which the reader is not looking at.')),
    );
    const peek = `<div class="notion-peek-renderer"><div class="notion-page-block">${leaf('Engine checks')}</div>${content(block('text', leaf('Check the oil level before every crossing, and the belts every week.')))}</div>`;
    const result = clipDocument(page(under + peek), { mode: 'article' });
    if (!result.ok) throw new Error(result.error.kind);
    expect(result.clip.title).toBe('Engine checks');
    expect(result.clip.markdown).toContain('Check the oil level before every crossing');
    expect(result.clip.markdown).not.toContain('The page underneath');
  });

  it('keeps the text of a block of a kind it does not know', () => {
    const audio = block(
      'audio',
      `<div>${leaf('Recording of the safety briefing, four minutes')}</div>`,
    );
    expect(markdownOf(page(content(INTRO + audio)))).toContain(
      'Recording of the safety briefing, four minutes',
    );
  });

  it('claims no page that only borrows a class name: a renderer of exported Notion pages', () => {
    // react-notion-x and the like write `notion-page-content` too, with no Notion blocks.
    const renderer = page(
      `<main class="notion-page"><div class="notion-page-content"><div class="notion-text notion-block-1">A blog post rendered from Notion's export, by another program.</div></div></main>`,
    );
    expect(detectSite(renderer)?.id).not.toBe('notion');
  });
});
