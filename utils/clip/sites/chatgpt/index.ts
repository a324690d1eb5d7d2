import {
  type Citations,
  copyPart,
  extractConversation,
  headNames,
  type Turn,
} from '../conversation';
import { lineText } from '../page-data';
import type { SiteModule } from '../types';

/**
 * Shared ChatGPT conversations (chatgpt.com/share/…): each turn is an element whose data-testid
 * starts with "conversation-turn-", holding one or more messages marked with their author's
 * role. Only the messages are kept: the "Thought for 12s" line (share pages show no reasoning,
 * only its duration), copy and feedback buttons, and the sources drawer go. Citation pills
 * become footnotes naming the cited site.
 */

const TURN = '[data-testid^="conversation-turn-"]';
const MESSAGE = '[data-message-author-role]';

function speakerOf(turn: Element, role: string): string {
  // The screen-reader heading is in the reader's language ("You said:", "ChatGPT said:").
  const heading = turn.querySelector('h4.sr-only, h5.sr-only, h6.sr-only');
  const label = lineText(heading).replace(/\s*:\s*$/, '');
  if (label) return label;
  return role === 'user' ? 'You' : role === 'assistant' ? 'ChatGPT' : role;
}

function messageBody(message: Element): Element {
  return message.querySelector('.markdown, .whitespace-pre-wrap') ?? message;
}

function readTurns(doc: Document): Turn[] {
  const turns: Turn[] = [];
  for (const turn of Array.from(doc.querySelectorAll(TURN))) {
    const messages = Array.from(turn.querySelectorAll(MESSAGE)).filter(
      // Tool and system messages are the machinery of an answer, not part of the conversation.
      (message) =>
        /^(?:user|assistant)$/.test(message.getAttribute('data-message-author-role') ?? ''),
    );
    const first = messages[0];
    if (!first) continue;
    const role = first.getAttribute('data-message-author-role') ?? '';
    const parts = messages.map(messageBody);
    const previous = turns[turns.length - 1];
    const speaker = speakerOf(turn, role);
    // An answer split over several turn elements (before and after a tool call) is one turn.
    if (previous && previous.speaker === speaker && role === 'assistant')
      previous.parts.push(...parts);
    else turns.push({ speaker, parts });
  }
  return turns;
}

function buildPart(out: Document, citations: Citations): (part: Element) => Element {
  return (part) => {
    const copy = copyPart(out, part);
    for (const pill of Array.from(copy.querySelectorAll('[data-testid="webpage-citation-pill"]'))) {
      const link = pill.querySelector('a[href]');
      const href = link?.getAttribute('href');
      // The pill sits in a tooltip wrapper of its own; the reference replaces both.
      const holder = pill.parentElement?.childElementCount === 1 ? pill.parentElement : pill;
      if (href && /^https?:/i.test(href)) holder.replaceWith(citations.reference(href));
      else holder.remove();
    }
    return copy;
  };
}

export const chatgpt: SiteModule = {
  id: 'chatgpt',
  family: 'ai-chat',
  detect(doc, url) {
    const host = url?.hostname ?? '';
    const named =
      /(?:^|\.)(?:chatgpt\.com|chat\.openai\.com)$/.test(host) || headNames(doc, 'ChatGPT');
    return named && doc.querySelector(`${TURN} ${MESSAGE}`) !== null;
  },
  extract: (context) => extractConversation(context, { product: 'ChatGPT', readTurns, buildPart }),
};
