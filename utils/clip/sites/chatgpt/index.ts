import { lineText } from '../../presence';
import {
  type Citations,
  citationHolder,
  copyPart,
  extractConversation,
  headNames,
  type Turn,
} from '../conversation';
import type { SiteDetector, SiteModule } from '../types';

/**
 * ChatGPT conversations: shared ones (chatgpt.com/share/…) and the user's own (chatgpt.com/c/…).
 * Two thread layouts are served at once, as accounts move from one to the other:
 *
 * - until 2026, each turn is an element whose data-testid starts with "conversation-turn-",
 *   holding messages marked with their author's role (`data-message-author-role`), the text in
 *   `.markdown` or `.whitespace-pre-wrap`;
 * - since autumn 2026, the thread is a list of `[data-turn-key]` items, one exchange each: the
 *   prompt in `[data-user-message-bubble]`, the answer in `[data-chatgpt-selection-message-id]`
 *   (its text in `[data-markdown-text-style]`), and no role attribute; code blocks are no longer
 *   `pre` but `[data-markdown-copy="code-block"]`.
 *
 * In both, a screen-reader heading before each message names its speaker in the reader's
 * language ("You said:", "ChatGPT said:"). Only the messages are kept: the "Thought for 12s"
 * line (no reasoning is shown, only its duration), copy and feedback buttons, and the sources
 * drawer go. Citations become footnotes naming the cited site (see CITATION).
 */

/** A turn of either layout. */
const TURN = '[data-testid^="conversation-turn-"], [data-turn-key]';
const ROLE = 'data-message-author-role';
const USER_BUBBLE = '[data-user-message-bubble]';
const REPLY = '[data-chatgpt-selection-message-id]';
const MESSAGE = `[${ROLE}], ${USER_BUBBLE}, ${REPLY}`;
const SPEAKER = 'h4.sr-only, h5.sr-only, h6.sr-only';
/** The part of a message that holds its text, in either layout. */
const BODY =
  '[data-markdown-text-style], [data-markdown-text-tone], .markdown, .whitespace-pre-wrap';

function roleOf(message: Element): string {
  const role = message.getAttribute(ROLE);
  if (role !== null) return role;
  return message.matches(USER_BUBBLE) ? 'user' : 'assistant';
}

/**
 * Whether the message is in the conversation on screen: the app keeps conversations opened
 * earlier in the tab in their own hidden `main`, and those are not the one being clipped.
 */
function onScreen(message: Element, seen: Map<Element, boolean>): boolean {
  const main = message.closest('main');
  if (!main) return true;
  let shown = seen.get(main);
  if (shown === undefined) {
    const hidden = main.closest('[hidden], [style*="display: none" i], [style*="display:none" i]');
    shown = !hidden && main.checkVisibility?.() !== false;
    seen.set(main, shown);
  }
  return shown;
}

function readTurns(doc: Document): Turn[] {
  const turns: Turn[] = [];
  const roles: string[] = [];
  const mains = new Map<Element, boolean>();
  let heading: Element | null = null;
  for (const element of Array.from(doc.querySelectorAll(`${SPEAKER}, ${MESSAGE}`))) {
    if (element.matches(SPEAKER)) {
      if (!element.closest(MESSAGE)) heading = element;
      continue;
    }
    // One message can carry both layouts' marks on nested elements: it is read once.
    if (element.parentElement?.closest(MESSAGE) || !onScreen(element, mains)) continue;
    const role = roleOf(element);
    // Tool and system messages are the machinery of an answer, not part of the conversation.
    if (role !== 'user' && role !== 'assistant') continue;
    // A speaker heading names the message that follows it in the same block.
    const label =
      heading?.parentElement?.contains(element) === true
        ? lineText(heading).replace(/\s*:\s*$/, '')
        : '';
    heading = null;
    const part = element.querySelector(BODY) ?? element;
    // An answer split over several messages (before and after a tool call or a reasoning
    // step) is one turn.
    if (role === 'assistant' && roles[roles.length - 1] === 'assistant') {
      turns[turns.length - 1]?.parts.push(part);
      continue;
    }
    turns.push({ speaker: label || (role === 'user' ? 'You' : 'ChatGPT'), parts: [part] });
    roles.push(role);
  }
  return turns;
}

const CODE_BLOCK = '[data-markdown-copy="code-block"]';
/** What ChatGPT itself leaves out when the reader copies a message: a code block's header. */
const COPY_EXCLUDED = '[data-markdown-copy="exclude"]';

/**
 * The current layout draws a code block without `pre`: a header (its language, the copy and
 * run buttons) and either a read-only CodeMirror editor, one `.cm-line` per line, or a `code`
 * element. The header's language goes onto the editor, where the engine's CodeMirror rule
 * (prepare/code-blocks) reads it with the lines; a `code` element becomes `pre > code` here.
 */
function rebuildCodeBlocks(out: Document, copy: Element): void {
  for (const block of Array.from(copy.querySelectorAll(CODE_BLOCK))) {
    if (block.parentElement?.closest(CODE_BLOCK)) continue;
    const label = Array.from(block.querySelectorAll(COPY_EXCLUDED))
      .map((header) => lineText(header))
      .find((text) => /^[\w#+.-]{1,20}$/.test(text));
    for (const excluded of Array.from(block.querySelectorAll(COPY_EXCLUDED))) excluded.remove();
    const language =
      block.querySelector('[data-language]')?.getAttribute('data-language') || label || '';
    const editor = block.querySelector('.cm-editor .cm-content');
    if (editor) {
      if (language) editor.setAttribute('data-language', language);
      continue;
    }
    const pre = out.createElement('pre');
    const code = out.createElement('code');
    if (language) code.setAttribute('data-language', language);
    code.textContent = ((block.querySelector('code') ?? block).textContent ?? '').replace(
      /\n+$/,
      '',
    );
    pre.append(code);
    block.replaceWith(pre);
  }
  // Inline code of the current layout, when it is not a `code` element of its own.
  for (const inline of Array.from(copy.querySelectorAll('[data-markdown-copy="inline-code"]'))) {
    if (inline.localName === 'code' || inline.querySelector('code')) continue;
    const code = out.createElement('code');
    code.textContent = inline.textContent ?? '';
    inline.replaceWith(code);
  }
}

/**
 * The current layout keeps a formula's TeX on the KaTeX rendering's wrapper
 * (`data-math-source`), where the engine's math rule, which reads `data-math`, finds it.
 */
function markMathSources(copy: Element): void {
  for (const source of Array.from(copy.querySelectorAll('[data-math-source]'))) {
    const tex = source.getAttribute('data-math-source') ?? '';
    const rendering = source.querySelector('.katex-display') ?? source.querySelector('.katex');
    if (tex.trim() && rendering) rendering.setAttribute('data-math', tex);
  }
}

/**
 * A web-search citation, drawn inline after the words it backs: until 2026 a pill
 * (`webpage-citation-pill`) holding a link, since then a chip that is itself the link
 * (`chatgpt-citation`, a favicon and the source's short name). Either shows "+2" when it stands
 * for several sources; the page holds only the first one's address, the others being fetched
 * for the hover card.
 */
const CITATION = '[data-testid="webpage-citation-pill"], [data-testid="chatgpt-citation"]';

/**
 * The cited address. The chip's label is "Source: Page title, address" (followed by how many
 * more sources it stands for): it still gives the address when the chip carries no `href`.
 */
function citedUrl(citation: Element): string | undefined {
  const link = citation.matches('a[href]') ? citation : citation.querySelector('a[href]');
  const href = link?.getAttribute('href')?.trim();
  if (href) return /^https?:\/\//i.test(href) ? href : undefined;
  return /,\s(https?:\/\/\S+?),?(?:\s|$)/i.exec(citation.getAttribute('aria-label') ?? '')?.[1];
}

function buildPart(out: Document, citations: Citations): (part: Element) => Element {
  return (part) => {
    const copy = copyPart(out, part);
    rebuildCodeBlocks(out, copy);
    markMathSources(copy);
    for (const citation of Array.from(copy.querySelectorAll(CITATION))) {
      if (citation.parentElement?.closest(CITATION)) continue;
      const url = citedUrl(citation);
      const holder = citationHolder(citation, copy);
      if (url) citations.cite(holder, url);
      else holder.remove();
    }
    return copy;
  };
}

/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const chatgptDetector: SiteDetector = {
  id: 'chatgpt',
  family: 'ai-chat',
  // A shared conversation, or one of the user's own.
  discussionAt: (url) =>
    /^(?:chatgpt\.com|chat\.openai\.com)$/.test(url.hostname) &&
    /^\/(?:share|c|g\/[^/]+\/c)\/[^/]+\/?$/.test(url.pathname),
  detect(doc, url) {
    const host = url?.hostname ?? '';
    const named =
      /(?:^|\.)(?:chatgpt\.com|chat\.openai\.com)$/.test(host) || headNames(doc, 'ChatGPT');
    // A turn is enough: a redesign that renames the messages is still a ChatGPT conversation,
    // left to the generic engine by extract.
    return named && doc.querySelector(`${TURN}, ${MESSAGE}`) !== null;
  },
};

export const chatgpt: SiteModule = {
  ...chatgptDetector,
  extract: (context) => extractConversation(context, { product: 'ChatGPT', readTurns, buildPart }),
};
