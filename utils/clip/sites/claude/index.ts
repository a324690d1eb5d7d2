import { lineText } from '../../presence';
import {
  type Citations,
  citationHolder,
  copyPart,
  extractConversation,
  headNames,
  hostLabel,
  type Turn,
} from '../conversation';
import type { SiteDetector, SiteModule } from '../types';

/**
 * Claude conversations: shared ones (claude.ai/share/…) and the user's own (claude.ai/chat/…),
 * which use the same markup. The user's messages carry data-testid="user-message", Claude's sit
 * in `.font-claude-response` (`.font-claude-message` on older pages) with the answer in
 * `.standard-markdown` blocks, several when the answer goes on after a tool call. The thinking
 * and tool panels are collapsible sections inside the response (a block whose own button toggles
 * it; expanded thinking sits under `[data-timeline-text]`): they are left out, as the page shows
 * them folded; the note keeps what Claude answered. An artifact is a card in the answer
 * (`.artifact-block-cell`: its title and kind); the note names it where the card is, followed
 * by its content when the page has it open in the side panel.
 */

const USER = '[data-testid="user-message"]';
const RESPONSE = '.font-claude-response, .font-claude-message';
const ANSWER = '.standard-markdown, .progressive-markdown';
const ARTIFACT = '.artifact-block-cell';
/** The side panel an open artifact is shown in, outside the conversation; its title in `h2[title]`. */
const ARTIFACT_PANEL = '[data-skill-file-viewer]';

/** Whether an element sits in a folding panel of the response (thinking, tool use). */
function inFoldingPanel(element: Element, response: Element): boolean {
  if (element.closest('[data-timeline-text]')) return true;
  for (let node = element.parentElement; node && node !== response; node = node.parentElement) {
    for (const child of Array.from(node.children)) {
      if (child.localName === 'button' && child.hasAttribute('aria-expanded')) return true;
    }
  }
  return false;
}

/** The response's answer blocks and artifact cards, in the order the page shows them. */
function answerParts(response: Element): Element[] {
  return Array.from(response.querySelectorAll(`${ANSWER}, ${ARTIFACT}`)).filter(
    (part) =>
      !inFoldingPanel(part, response) && !part.parentElement?.closest(`${ANSWER}, ${ARTIFACT}`),
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
    if (answers.some((part) => part.matches(ANSWER))) answered = true;
    turns.push({ speaker: 'Claude', parts: answers.length > 0 ? answers : [message] });
  }
  // No response holds an answer block: the page's answer markup is not one this module knows
  // (a redesign), and read whole, each response would bring its folded thinking panel in as
  // the answer. The generic engine reads the page instead.
  return answered ? turns : [];
}

/**
 * Claude draws a web-search citation as a pill after the words it backs: a link styled as a
 * Tailwind group named `tag`, inside a tooltip wrapper, whose label is the source's own name
 * ("Wikipedia", "Stack Exchange", "Texas Instruments E2E", in the source's language). Older
 * pills, without that class, are told apart by a label that is the cited site itself
 * ("epa.gov", "Reuters" pointing to reuters.com). Either becomes a footnote; links the answer
 * writes as words stay.
 */
const SOURCE_PILL = 'a[class~="group/tag"]';

function isSourcePill(link: Element, href: string): boolean {
  if (link.matches(SOURCE_PILL)) return true;
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

/**
 * An artifact card as a line naming it: its title in bold and its kind ("Code · PY", in the
 * reader's language), the card's two lines of text. When the side panel shows that artifact
 * (the same title), its content follows as a quote: a document's text or a code artifact's code.
 */
function artifactBlock(out: Document, card: Element): Element {
  const block = out.createElement('div');
  const [title = '', ...kind] = Array.from(card.querySelectorAll('*'))
    .filter((element) => {
      // The card's own controls (download, more options) are not its text.
      const control = element.closest('button');
      return element.childElementCount === 0 && !(control && card.contains(control));
    })
    .map((element) => lineText(element))
    .filter(Boolean);
  const line = out.createElement('p');
  const name = out.createElement('strong');
  name.textContent = title;
  line.append(name);
  if (kind.length > 0) line.append(` · ${kind.join(' · ')}`);
  block.append(line);
  const panel = Array.from(card.ownerDocument.querySelectorAll(ARTIFACT_PANEL)).find(
    (candidate) => candidate.querySelector('h2[title]')?.getAttribute('title')?.trim() === title,
  );
  const body = panel?.querySelector(`${ANSWER}, pre`);
  if (title && body) {
    const copy = copyPart(out, body);
    takeCodeLabels(copy);
    // The document's own first heading repeats the title the line above gives.
    const first = copy.firstElementChild;
    if (first && /^h[1-6]$/.test(first.localName) && lineText(first) === title) first.remove();
    // Quoted, so the artifact reads apart from the answer around it.
    const quote = out.createElement('blockquote');
    quote.append(copy);
    block.append(quote);
  }
  return block;
}

function buildPart(out: Document, citations: Citations): (part: Element) => Element {
  return (part) => {
    if (part.matches(ARTIFACT)) return artifactBlock(out, part);
    const copy = copyPart(out, part);
    takeCodeLabels(copy);
    for (const link of Array.from(copy.querySelectorAll('a[href]'))) {
      const href = link.getAttribute('href') ?? '';
      if (!isSourcePill(link, href)) continue;
      const holder = citationHolder(link, copy);
      if (/^https?:\/\//i.test(href)) citations.cite(holder, href);
      else if (link.matches(SOURCE_PILL)) holder.remove();
    }
    return copy;
  };
}

/** Whether a page is this site's: in every engine bundle (the reader below loads only for its pages). */
export const claudeDetector: SiteDetector = {
  id: 'claude',
  family: 'ai-chat',
  // A shared conversation, or one of the user's own.
  discussionAt: (url) =>
    url.hostname === 'claude.ai' && /^\/(?:share|chat)\/[^/]+\/?$/.test(url.pathname),
  detect(doc, url) {
    const named = /(?:^|\.)claude\.ai$/.test(url?.hostname ?? '') || headNames(doc, 'Claude');
    return named && doc.querySelector(USER) !== null && doc.querySelector(RESPONSE) !== null;
  },
};

export const claude: SiteModule = {
  ...claudeDetector,
  extract: (context) => extractConversation(context, { product: 'Claude', readTurns, buildPart }),
};
