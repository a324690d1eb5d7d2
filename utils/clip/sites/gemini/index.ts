import { lineText } from '../../presence';
import {
  type Citations,
  copyPart,
  extractConversation,
  headNames,
  hostLabel,
  type Turn,
} from '../conversation';
import type { SiteDetector, SiteModule } from '../types';

/**
 * Gemini conversations: shared ones (gemini.google.com/share/…, g.co/gemini/share/…) and the
 * user's own (gemini.google.com/app/…), in the same markup: Angular elements `<user-query>` and
 * `<model-response>`, the prompt in `.query-text` (a `p.query-text-line` per line, after a
 * visually hidden "You said" for screen readers), the answer in `message-content .markdown`.
 * The "Show thinking" panel (`<model-thoughts>`) is left out, as the page shows it folded.
 * Inline source marks (`sup[data-turn-source-index]`) become footnotes to the response's own
 * sources list (`browse-item` links); code blocks take their language from their header.
 * Tables (in `<table-block>`, with an export button) and formulas (KaTeX, the TeX in
 * `data-math`) go through the engine's shared rules.
 */

/** Text only screen readers get ("You said", "Gemini said"), in the reader's language. */
const SCREEN_READER_ONLY = '.cdk-visually-hidden';

function queryParts(query: Element): Element[] {
  const text = query.querySelector('.query-text') ?? query;
  // The prompt's own lines, without the hidden label before them.
  const lines = Array.from(text.querySelectorAll('.query-text-line'));
  return lines.length > 0 ? lines : [text];
}

function responseParts(response: Element): Element[] {
  // The thinking panel holds message-content of its own: skip it.
  const answers = Array.from(
    response.querySelectorAll('#extended-response-markdown-content, message-content .markdown'),
  ).filter((answer) => !answer.closest('model-thoughts'));
  return answers.slice(0, 1);
}

function readTurns(doc: Document): Turn[] {
  const turns: Turn[] = [];
  for (const element of Array.from(doc.querySelectorAll('user-query, model-response'))) {
    if (element.localName === 'user-query') {
      turns.push({ speaker: 'You', parts: queryParts(element) });
    } else {
      const parts = responseParts(element);
      if (parts.length > 0) turns.push({ speaker: 'Gemini', parts });
    }
  }
  // A page with questions and no answer we can read is not one this module knows.
  return turns.some((turn) => turn.speaker === 'Gemini') ? turns : [];
}

/** The response's sources, by their 1-based index as the inline marks count them. */
function sourcesOf(part: Element): string[] {
  const response = part.closest('model-response') ?? part;
  const container = response.closest('.conversation-container') ?? response;
  const urls: string[] = [];
  for (const item of Array.from(container.querySelectorAll('browse-item'))) {
    const href = item.querySelector('a[href]')?.getAttribute('href') ?? '';
    if (/^https?:/i.test(href)) urls.push(href);
  }
  return urls;
}

/** Gemini's `<code-block>` names its language in a header above the code. */
function markCodeLanguages(copy: Element): void {
  for (const block of Array.from(copy.querySelectorAll('code-block'))) {
    const header = block.querySelector('.code-block-decoration');
    const label = lineText(header);
    const code = block.querySelector('pre code, pre');
    if (header) header.remove();
    if (code && /^[\w#+.-]{1,20}$/.test(label))
      code.setAttribute('data-language', label.toLowerCase());
  }
}

function buildPart(out: Document, citations: Citations): (part: Element) => Element {
  return (part) => {
    const sources = sourcesOf(part);
    const copy = copyPart(out, part);
    for (const hidden of Array.from(copy.querySelectorAll(SCREEN_READER_ONLY))) hidden.remove();
    markCodeLanguages(copy);
    for (const mark of Array.from(copy.querySelectorAll('[data-turn-source-index]'))) {
      const url = sources[Number(mark.getAttribute('data-turn-source-index')) - 1];
      const holder = mark.closest('source-footnote') ?? mark;
      if (url) citations.cite(holder, url, hostLabel(url));
      else holder.remove();
    }
    // The sources carousel inside the answer is replaced by the footnotes.
    for (const list of Array.from(copy.querySelectorAll('sources-carousel-inline, sources-list')))
      list.remove();
    return copy;
  };
}

/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const geminiDetector: SiteDetector = {
  id: 'gemini',
  family: 'ai-chat',
  // A shared conversation, or one of the user's own.
  discussionAt: (url) =>
    url.hostname === 'gemini.google.com' && /^\/(?:share|app)\/[^/]+\/?$/.test(url.pathname),
  detect(doc, url) {
    const named =
      /(?:^|\.)gemini\.google\.com$/.test(url?.hostname ?? '') || headNames(doc, 'Gemini');
    return (
      named &&
      doc.getElementsByTagName('user-query').length > 0 &&
      doc.getElementsByTagName('model-response').length > 0
    );
  },
};

export const gemini: SiteModule = {
  ...geminiDetector,
  extract: (context) =>
    extractConversation(context, {
      product: 'Gemini',
      // The user's own conversations are titled "… - Google Gemini".
      otherNames: ['Google Gemini'],
      readTurns,
      buildPart,
    }),
};
