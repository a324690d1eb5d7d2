import type { NotesServer } from '../../notes-server';

/**
 * A note another app (or an earlier browser) made from `source`, straight into the service, with
 * the source line Clipdeck's own notes carry (what site tags and "clipped before" read).
 */
export async function createClipNote(
  server: NotesServer,
  note: { title: string; source: string; tags: string[] },
): Promise<void> {
  const response = await fetch(`${server.baseUrl}/notes/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      title: note.title,
      markdown_text: `**Source:** [${note.title}](${note.source})\n\nText.`,
      tags: note.tags,
    }),
  });
  if (response.status !== 201) throw new Error(`creating “${note.title}”: ${response.status}`);
}
