import { micromark } from 'micromark';
import { describe, expect, it } from 'vitest';
import {
  bookmarkDraft,
  deckRuleFor,
  withHighlights,
  workItem,
} from '../../../../scripts/lib/bulk/links';

const command = {
  tags: ['imported'],
  deckMap: [
    { folders: ['Tech'], deckId: 'deck-tech' },
    { folders: ['Tech', 'Rust'], deckId: 'deck-rust' },
  ],
};

describe('links from an export', () => {
  it('keeps the export’s tags, turns unmapped folders into tags and adds --tags, without repeats', () => {
    const item = workItem(
      {
        url: 'https://a.example/x?utm_source=feed',
        tags: ['Reading', 'imported'],
        folders: ['Later', 'Long reads'],
        highlights: [],
      },
      command,
    );
    expect(item.tags).toEqual(['Reading', 'imported', 'Later/Long reads']);
    expect(item.deckId).toBeUndefined();
    // Tracking parameters do not make another link.
    expect(item.key).toBe('https://a.example/x');
  });

  it('sends a mapped folder (and its subfolders) to the deepest deck named, with no folder tags', () => {
    expect(deckRuleFor(['tech', 'Rust', 'Async'], command.deckMap)?.deckId).toBe('deck-rust');
    expect(deckRuleFor(['Tech', 'Go'], command.deckMap)?.deckId).toBe('deck-tech');
    expect(deckRuleFor(['Technology'], command.deckMap)).toBeUndefined();
    const item = workItem(
      { url: 'https://a.example/y', tags: [], folders: ['Tech', 'Go'], highlights: [] },
      { ...command, deck: 'deck-all' },
    );
    expect(item).toMatchObject({ deckId: 'deck-tech', tags: ['imported'] });
  });

  it('quotes highlights in a section of their own, as words', () => {
    const markdown = withHighlights('# Story\n\nText.\n', [
      'First <script>x</script> [link](javascript:alert(1))',
      'Two\nlines',
    ]);
    expect(markdown).toContain('## Highlights');
    const html = micromark(markdown);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('href="javascript:');
    expect(html.match(/<blockquote>/g)).toHaveLength(2);
  });

  it('makes a bookmark from what the export knew, and says why', () => {
    const item = workItem(
      {
        url: 'https://a.example/gone',
        title: 'A **gone** page',
        tags: ['t'],
        folders: [],
        excerpt: 'An excerpt.',
        savedAt: '2021-03-04T05:06:07Z',
        highlights: ['Kept words'],
      },
      { tags: [], deckMap: [] },
      undefined,
      'urls',
    );
    const draft = bookmarkDraft(item, 'The server answered 404.');
    expect(draft.title).toBe('A **gone** page');
    expect(draft.tags).toEqual(['t']);
    const html = micromark(draft.markdown_text);
    expect(html).toContain('href="https://a.example/gone"');
    expect(html).not.toContain('<strong>');
    expect(draft.markdown_text).toMatch(/Saved .*2021/);
    expect(draft.markdown_text).toContain('An excerpt.');
    expect(draft.markdown_text).toContain('Not clipped: The server answered 404.');
    expect(draft.markdown_text).toContain('> Kept words');
    expect(draft.markdown_text).toMatch(/Imported from a list of addresses/);
  });
});
