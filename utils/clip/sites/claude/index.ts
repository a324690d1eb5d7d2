import {
  type Citations,
  copyPart,
  extractConversation,
  headNames,
  hostLabel,
  type Turn,
} from '../conversation';
import { lineText } from '../page-data';
import type { SiteModule } from '../types';

/**
 * Shared Claude conversations (claude.ai/share/…): the user's messages carry
 * data-testid="user-message", Claude's sit in `.font-claude-response` (`.font-claude-message`
 * on older pages) with the answer in `.standard-markdown` blocks. The thinking and tool panels
 * are collapsible sections inside the response (a block whose own button toggles it): they are
 * left out, as the page shows them folded; the note keeps what Claude answered.
 */

const USER = '[data-testid="user-message"]';
const RESPONSE = '.font-claude-response, .font-claude-message';
const ANSWER = '.standard-markdown, .progressive-markdown';

/** Whether an element sits in a folding panel of the response (thinking, tool use). */
function inFoldingPanel(element: Element, response: Element): boolean {
  for (let node = element.parentElement; node && node !== response; node = node.parentElement) {
    for (const child of Array.from(node.children)) {
      if (child.localName === 'button' && child.hasAttribute('aria-expanded')) return true;
    }
  }
  return false;
}

function answerParts(response: Element): Element[] {
  return Array.from(response.querySelectorAll(ANSWER)).filter(
    (answer) => !inFoldingPanel(answer, response) && !answer.parentElement?.closest(ANSWER),
  );
}

function readTurns(doc: Document): Turn[] {
  const turns: Turn[] = [];
  let answered = false;
  for (const message of Array.from(doc.querySelectorAll(`${USER}, ${RESPONSE}`))) {
    if (message.parentElement?.closest(`${USER}, ${RESPONSE}`)) continue;
    if (message.matches(USER)) {
      turns.push({ speaker: 'You', parts: [message] });
      continue;
    }
    const answers = answerParts(message);
    if (answers.length > 0) answered = true;
    turns.push({ speaker: 'Claude', parts: answers.length > 0 ? answers : [message] });
  }
  // No response holds an answer block: the page's answer markup is not one this module knows
  // (a redesign), and read whole, each response would bring its folded thinking panel in as
  // the answer. The generic engine reads the page instead.
  return answered ? turns : [];
}

/**
 * A web-search citation is a link whose label is the cited site itself ("epa.gov", "Reuters"
 * pointing to reuters.com): it becomes a footnote. Links the answer writes as words stay.
 */
function isSourcePill(link: Element, href: string): boolean {
  const label = lineText(link)
    .replace(/\s*\+\d+$/, '')
    .toLowerCase();
  if (!label || label.includes(' ')) return false;
  const host = hostLabel(href).toLowerCase();
  return label === host || host.split('.').includes(label);
}

/**
 * Claude's code blocks name their language in a label drawn above the code (next to the copy
 * button): it becomes the block's language, and the label leaves the copy.
 */
function takeCodeLabels(copy: Element): void {
  for (const pre of Array.from(copy.querySelectorAll('pre'))) {
    const code = pre.querySelector('code');
    let label: Element | null = null;
    for (
      let node: Element | null = pre;
      node && node !== copy && !label;
      node = node.parentElement
    ) {
      for (
        let sibling = node.previousElementSibling;
        sibling;
        sibling = sibling.previousElementSibling
      ) {
        const text = lineText(sibling);
        if (!text) continue;
        if (/^[\w#+.-]{1,20}$/.test(text) && !sibling.querySelector('pre, p')) label = sibling;
        break;
      }
    }
    if (!label) continue;
    if (code && !/\blanguage-/.test(code.className))
      code.setAttribute('data-language', lineText(label).toLowerCase());
    label.remove();
  }
}

function buildPart(out: Document, citations: Citations): (part: Element) => Element {
  return (part) => {
    const copy = copyPart(out, part);
    takeCodeLabels(copy);
    for (const link of Array.from(copy.querySelectorAll('a[href]'))) {
      const href = link.getAttribute('href') ?? '';
      if (/^https?:/i.test(href) && isSourcePill(link, href)) {
        link.replaceWith(citations.reference(href));
      }
    }
    return copy;
  };
}

export const claude: SiteModule = {
  id: 'claude',
  family: 'ai-chat',
  detect(doc, url) {
    const named = /(?:^|\.)claude\.ai$/.test(url?.hostname ?? '') || headNames(doc, 'Claude');
    return named && doc.querySelector(USER) !== null && doc.querySelector(RESPONSE) !== null;
  },
  extract: (context) => extractConversation(context, { product: 'Claude', readTurns, buildPart }),
};
