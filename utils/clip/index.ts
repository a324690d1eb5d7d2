import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';
import { failure, type Result } from '../result';

/**
 * The clipping engine's public surface: functions over a Document, so the same code runs in the
 * page (through the injected script) and in tests under jsdom.
 */
export type ClipMode = 'article' | 'selection' | 'full-page' | 'bookmark' | 'image';

export interface ClipRequest {
  mode: ClipMode;
}

export interface Clip {
  title: string;
  /** The content only, as Markdown; the note template adds the source header. */
  markdown: string;
  url: string;
  mode: ClipMode;
  notices: string[];
}

export type ClipResult = Result<{ clip: Clip }>;

export function clipDocument(doc: Document, request: ClipRequest): ClipResult {
  const url = doc.location?.href ?? doc.URL;
  const article = new Readability(doc.cloneNode(true) as Document).parse();
  if (!article?.content) {
    return failure(
      'empty',
      'Clipdeck found no article text on this page. Try saving it as a bookmark.',
    );
  }
  const markdown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' }).turndown(
    article.content,
  );
  return {
    ok: true,
    clip: {
      title: article.title || doc.title || url,
      markdown,
      url,
      mode: request.mode,
      notices: [],
    },
  };
}
