import type { Nodes } from 'mdast';
import { parseDocument } from 'yaml';
import { parseMarkdown } from '../../../../bench/metrics/markdown';
import { htmlInDescription } from './markdown-safety';

/**
 * What a note made from a hostile page must never contain, read the way a Notes service reads it:
 * the benchmark's CommonMark + GFM parser for the Markdown, a strict YAML loader for the front
 * matter. Shared by the template, link-bookmark and PDF-bookmark tests.
 */

const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

export function isAllowedDestination(url: string): boolean {
  // Read the scheme as a browser does: leading controls and spaces dropped, tabs and newlines
  // removed anywhere (so `java\tscript:` counts as javascript:).
  const address = url.replace(/^[\p{Cc} ]+/u, '').replace(/[\t\n\r]/g, '');
  if (address.startsWith('#')) return true;
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(address)?.[1];
  return scheme !== undefined && ALLOWED_SCHEMES.has(`${scheme.toLowerCase()}:`);
}

/** The note's front matter (without its fences) and the Markdown after it. */
export function splitNote(note: string): { frontMatter?: string; body: string } {
  const match = /^---\n([\s\S]*?)\n---(?:\n|$)/.exec(note);
  if (!match) return { body: note };
  return { frontMatter: match[1] as string, body: note.slice(match[0].length) };
}

/** YAML 1.2's printable characters: what a strict loader accepts in a document. */
const YAML_PRINTABLE = /^[\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;

/** The front matter read by yaml with every check on; throws what a strict loader would refuse. */
export function strictYaml(text: string): Record<string, unknown> {
  if (!YAML_PRINTABLE.test(text)) {
    throw new Error(`Front matter holds a character YAML does not allow: ${JSON.stringify(text)}`);
  }
  const document = parseDocument(text, { strict: true, uniqueKeys: true, prettyErrors: true });
  if (document.errors.length > 0 || document.warnings.length > 0) {
    throw new Error([...document.errors, ...document.warnings].map(String).join('\n'));
  }
  return (document.toJS() ?? {}) as Record<string, unknown>;
}

export interface MarkdownFindings {
  /** Link, image and definition destinations with a scheme other than http(s), mailto or `#`. */
  badDestinations: string[];
  /** Raw HTML that is not one of the tags the template itself wrote. */
  pageHtml: string[];
  /** Top-level block types, in order. */
  blocks: string[];
}

/**
 * Parses the Markdown and reports what a page could have smuggled in. `templateTags` are the
 * HTML tags the template wrote itself (with any attribute values): they are removed from raw
 * HTML before looking for `<`, and their URL attributes are checked like links.
 */
export function inspectMarkdown(markdown: string, templateTags: RegExp[] = []): MarkdownFindings {
  const tree = parseMarkdown(markdown);
  const findings: MarkdownFindings = {
    badDestinations: [],
    pageHtml: [],
    blocks: tree.children.map((node) => node.type),
  };
  const visit = (node: Nodes): void => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      if (!isAllowedDestination(node.url)) findings.badDestinations.push(node.url);
    }
    if (node.type === 'image') findings.pageHtml.push(...htmlInDescription(markdown, node));
    if (node.type === 'html') {
      let rest = node.value;
      for (const tag of templateTags) {
        rest = rest.replace(new RegExp(tag.source, 'g'), (whole, href: unknown) => {
          // Without a group the second argument is the match's offset, not an address.
          // An empty address (the template's own attribute with no web address to give) leads nowhere.
          if (typeof href === 'string' && href !== '' && !isAllowedDestination(href)) {
            findings.badDestinations.push(href);
          }
          return whole.replace(/[^\n]/g, ' ');
        });
      }
      if (rest.includes('<')) findings.pageHtml.push(node.value);
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return findings;
}

/** A paragraph's text as a reader sees it, hard breaks as newlines. */
export function paragraphLines(markdown: string, index = 0): string[] {
  const tree = parseMarkdown(markdown);
  const paragraph = tree.children[index];
  if (paragraph?.type !== 'paragraph') return [];
  let text = '';
  const visit = (node: Nodes): void => {
    if (node.type === 'text' || node.type === 'inlineCode') text += node.value;
    else if (node.type === 'break') text += '\n';
    else if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(paragraph);
  // Spaces before a hard break are not shown.
  return text.split('\n').map((line) => line.trimEnd());
}
