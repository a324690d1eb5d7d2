import * as z from 'zod/mini';
import type { NoteStyle } from '../engine-key';
import { decodeOrKeep } from '../markdown/urls';
import type { Clip } from '../types';
import { composeNote } from './template';

/** The background's NoteStyle, checked where it arrives: the engine in the page. */
export const noteStyleShape = {
  template: z.string(),
  // An unreadable time throws in composeNote (toISOString), which fails the call as a bad request
  // does; zod's ISO pattern would cost the engine 0.5 kB gzipped for a value only we send.
  now: z.string(),
  locale: z.string().check(z.minLength(1)),
  timeZone: z.string().check(z.minLength(1)),
};
export const noteStyleSchema = z.object(noteStyleShape);

/** The note a clip becomes in the style the background asked for. */
export function composeInStyle(clip: Clip, style: NoteStyle): string {
  return composeNote(clip, {
    template: style.template,
    now: new Date(style.now),
    browserLocale: style.locale,
    timeZone: style.timeZone,
  });
}

/**
 * The clip named after another address than the tab's: the headless command serves a local file
 * over a loopback server that is gone when it ends, so it names the file. A file has no site: its
 * name stands in for one, so the source line reads "article.html (file:///…/article.html)" rather
 * than the address twice; and for a page with no title of its own, for the title too, as a
 * browser's tab shows it (the engine's stand-in, the address's host, is the loopback server's).
 */
export function withSourceAddress(clip: Clip, address: string): Clip {
  if (/^https?:/i.test(address)) return { ...clip, url: address };
  const path = URL.canParse(address) ? new URL(address).pathname : address;
  const last = path.split('/').pop();
  const name = last ? decodeOrKeep(last) : undefined;
  const siteName = clip.metadata.siteName ?? name;
  return {
    ...clip,
    title: clip.metadata.title || !name ? clip.title : name,
    url: address,
    metadata: { ...clip.metadata, ...(siteName && { siteName }) },
  };
}
