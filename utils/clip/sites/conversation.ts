import { stripTrackingParameters } from '../markdown/urls';
import { lineText } from '../presence';
import { metaContent } from './post-parts';
import type { SiteContext, SiteExtraction } from './types';

/**
 * Shared by the AI conversation modules (chatgpt, claude, gemini): a conversation becomes one
 * block per turn, opened by its speaker in bold and parted from the next by a rule, with the
 * turn's own Markdown-bearing markup copied in (code, tables and math then go through the
 * engine's shared rules) and cited sources as numbered footnotes at the end. This is the layout
 * the Obsidian Web Clipper and Defuddle write, so notes from either read alike.
 */

export interface Turn {
  speaker: string;
  /** The page's elements that hold the turn's message, in order. */
  parts: Element[];
}

/** Interface bits a copied message never needs: buttons, icons, screen-reader labels, forms. */
const INTERFACE = 'button, svg, [role="button"], .sr-only, input, textarea, select, form';

export class Citations {
  private readonly urls: string[] = [];
  private readonly labels: string[] = [];

  constructor(private readonly out: Document) {}

  /**
   * A reference marker `[n]` for a cited address; the same address keeps its number. The
   * assistants tag what they cite (ChatGPT adds `utm_source=chatgpt.com` to every source): the
   * tag says nothing of the source, would tell the site the reader came from the assistant, and
   * would part two citations of one page.
   */
  private reference(cited: string, label?: string): Element {
    const url = stripTrackingParameters(cited);
    let index = this.urls.indexOf(url);
    if (index < 0) {
      this.urls.push(url);
      this.labels.push(label || hostLabel(url));
      index = this.urls.length - 1;
    }
    const sup = this.out.createElement('sup');
    const link = this.out.createElement('a');
    link.setAttribute('href', `#clipdeck-source-${index + 1}`);
    link.textContent = String(index + 1);
    sup.append(link);
    return sup;
  }

  /**
   * The citation drawn at `holder` becomes its reference mark, right after the words it backs:
   * the space a pill keeps from them would otherwise stand before the mark ("cooking. ¹").
   */
  cite(holder: Element, cited: string, label?: string): void {
    const before = holder.previousSibling;
    if (before && before.nodeType === before.TEXT_NODE)
      before.textContent = (before.textContent ?? '').replace(/\s+$/, '');
    holder.replaceWith(this.reference(cited, label));
  }

  /** The sources list the references point to, or null when nothing was cited. */
  list(): Element | null {
    if (this.urls.length === 0) return null;
    const list = this.out.createElement('ol');
    this.urls.forEach((url, index) => {
      const item = this.out.createElement('li');
      item.id = `clipdeck-source-${index + 1}`;
      const link = this.out.createElement('a');
      link.setAttribute('href', url);
      link.textContent = this.labels[index] ?? url;
      item.append(link);
      list.append(item);
    });
    return list;
  }
}

/**
 * The citation with the tooltip wrappers that hold nothing else: the footnote reference
 * replaces them all, so no empty wrapper is left in the sentence.
 */
export function citationHolder(citation: Element, root: Element): Element {
  let holder = citation;
  for (
    let parent = holder.parentElement;
    parent &&
    parent !== root &&
    parent.localName === 'span' &&
    parent.childElementCount === 1 &&
    lineText(parent) === lineText(holder);
    parent = parent.parentElement
  )
    holder = parent;
  return holder;
}

/** "https://www.epa.gov/x" → "epa.gov": what a source pill names. */
export function hostLabel(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** A copy of a message part in `out`, without the interface around its text. */
export function copyPart(out: Document, part: Element): Element {
  const copy = out.importNode(part, true) as Element;
  for (const element of Array.from(copy.querySelectorAll(INTERFACE))) element.remove();
  return copy;
}

/**
 * A short title from the first thing the user asked, for a conversation whose page title is
 * only the product's name: cut at a word boundary.
 */
export function titleFromPrompt(turns: Turn[], maxLength = 80): string | undefined {
  const first = turns[0]?.parts
    .map((part) => lineText(part))
    .join(' ')
    .trim();
  if (!first) return undefined;
  if (first.length <= maxLength) return first;
  const cut = first.slice(0, maxLength);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxLength / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * The conversation's title: the page's `<title>` without the product's name (which the note's
 * site field already gives; `otherNames` are other ways the title spells it, "Google Gemini");
 * when that is all it says, the page's own heading outside the conversation, else the first
 * prompt.
 */
export function conversationTitle(
  doc: Document,
  product: string,
  turns: Turn[],
  otherNames: readonly string[] = [],
): string | undefined {
  const name = product.toLowerCase();
  const names = new Set([name, ...otherNames.map((other) => other.toLowerCase())]);
  const parts = (doc.title ?? '')
    .replace(/[\u200e\u200f]/g, '')
    .split(/\s+[|\-–—:·]\s+/)
    .map((part) => part.trim())
    .filter((part) => part && !names.has(part.toLowerCase()));
  const title = parts.join(' – ');
  if (title) return title;
  const inTurn = (element: Element) =>
    turns.some((turn) =>
      turn.parts.some((part) => part.contains(element) || element.contains(part)),
    );
  const heading = Array.from(doc.getElementsByTagName('h1')).find(
    (h1) => !inTurn(h1) && lineText(h1) && lineText(h1).toLowerCase() !== name,
  );
  return heading ? lineText(heading) : titleFromPrompt(turns);
}

/** The note's content: each turn under its speaker, rules between turns, sources at the end. */
export function conversationContent(
  out: Document,
  turns: Turn[],
  citations: Citations,
  build: (part: Element) => Element,
): Element {
  const content = out.createElement('article');
  turns.forEach((turn, index) => {
    if (index > 0) content.append(out.createElement('hr'));
    const speaker = out.createElement('p');
    const strong = out.createElement('strong');
    strong.textContent = turn.speaker;
    speaker.append(strong);
    content.append(speaker);
    for (const part of turn.parts) content.append(build(part));
  });
  const sources = citations.list();
  if (sources) content.append(sources);
  out.body.append(content);
  return content;
}

/** Whether the page names the product in its head: the cheap first test of a detector. */
export function headNames(doc: Document, product: string): boolean {
  if ((doc.title ?? '').includes(product)) return true;
  return metaContent(doc, 'og:site_name') === product;
}

/** What a conversation module knows of its site: how turns are marked and how a part is copied. */
export interface ConversationSite {
  product: string;
  /** Other spellings of the product's name in the page's title ("Google Gemini"). */
  otherNames?: readonly string[];
  readTurns(doc: Document): Turn[];
  /** A turn's part copied into `out`, its citations made references to `citations`. */
  buildPart(out: Document, citations: Citations): (part: Element) => Element;
}

/** A conversation module's extract: null when no turn holds text (a changed layout). */
export function extractConversation(
  { doc, out }: SiteContext,
  site: ConversationSite,
): SiteExtraction | null {
  const turns = site.readTurns(doc);
  if (!turns.some((turn) => turn.parts.some((part) => lineText(part) !== ''))) return null;
  const citations = new Citations(out);
  const content = conversationContent(out, turns, citations, site.buildPart(out, citations));
  return {
    content,
    metadata: {
      title: conversationTitle(doc, site.product, turns, site.otherNames),
      siteName: site.product,
    },
  };
}
