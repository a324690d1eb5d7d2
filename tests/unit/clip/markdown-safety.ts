import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/**
 * What a note may hold, judged as a renderer reads it: the Markdown is parsed with CommonMark +
 * GFM (the benchmark's parser, without its math extension, so TeX between dollars is read as
 * prose the way a renderer without math reads it) and every link, image and definition
 * destination and every raw HTML node is checked.
 */
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_SCHEMES = new Set(['http:', 'https:']);
const DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|jpg|webp|avif|bmp)[;,]/i;
/** The engine's own inline HTML: superscripts and line breaks inside table cells. */
const ENGINE_HTML = /^(?:<\/?(?:sup|sub)>|<br>)$/;

function schemeOf(url: string): string | undefined {
  try {
    return new URL(url).protocol;
  } catch {
    return undefined;
  }
}

/**
 * A leading YAML front-matter block is left out: it is YAML, not Markdown (its strings are
 * checked with a YAML loader where the template is tested).
 */
export function withoutFrontMatter(note: string): string {
  return note.replace(/^---\n[\s\S]*?\n---(?:\n|$)/, '');
}

/** Every part of the note that breaks the rules, described; empty when the note is safe. */
export function unsafeParts(note: string): string[] {
  const tree = fromMarkdown(withoutFrontMatter(note), {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  const problems: string[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'link' || node.type === 'definition') {
      const scheme = schemeOf(node.url);
      if (!scheme || !LINK_SCHEMES.has(scheme)) problems.push(`${node.type} to ${node.url}`);
    } else if (node.type === 'image') {
      const scheme = schemeOf(node.url);
      const allowed = scheme && (IMAGE_SCHEMES.has(scheme) || DATA_IMAGE.test(node.url));
      if (!allowed) problems.push(`image from ${node.url}`);
    } else if (node.type === 'html' && !ENGINE_HTML.test(node.value)) {
      problems.push(`raw HTML ${node.value}`);
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return problems;
}
