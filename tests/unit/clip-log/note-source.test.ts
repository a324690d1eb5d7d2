import { describe, expect, it } from 'vitest';
import { composeNote, NOTE_TEMPLATES } from '../../../utils/clip';
import { noteSourceUrl } from '../../../utils/clip-log/note-source';

const clip = {
  title: 'Tide pools',
  markdown: 'A [link](https://other.example/x) in the text.',
  url: 'https://news.example/story?id=7&utm_source=rss#top',
  mode: 'article' as const,
  notices: [],
  metadata: { siteName: 'News' },
};

describe('the page a note was made from', () => {
  it.each(['source-header', 'front-matter'] as const)('is read from the %s template', (id) => {
    const template = NOTE_TEMPLATES.find((candidate) => candidate.id === id)?.template ?? '';
    const markdown = composeNote(clip, { template, now: new Date(0) });
    expect(noteSourceUrl(markdown)).toBe('https://news.example/story?id=7');
  });

  it('is the link that opens a bookmark note', () => {
    expect(noteSourceUrl('[Story](https://news.example/story/)\n\nSaved.')).toBe(
      'https://news.example/story',
    );
  });

  it('is nothing for a note that names no page where a clip would', () => {
    expect(
      noteSourceUrl('# Thoughts\n\nMy notes.\n\nSee https://news.example/x later.'),
    ).toBeUndefined();
  });
});
