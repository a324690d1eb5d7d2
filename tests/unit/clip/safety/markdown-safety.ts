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

function parse(markdown: string) {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

/**
 * Raw HTML in an image's description. The tree flattens the description into `alt`, where it
 * cannot be seen, yet a renderer that allows HTML writes it into the alt attribute as it stands:
 * `<a title="x" onerror="…">` there ends the attribute and adds its own. So the description's
 * source is read again on its own.
 */
export function htmlInDescription(markdown: string, image: Nodes): string[] {
  const { start, end } = image.position ?? {};
  if (start?.offset === undefined || end?.offset === undefined) return [];
  const source = markdown.slice(start.offset, end.offset);
  const found: string[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'html' && !ENGINE_HTML.test(node.value)) found.push(node.value);
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  // The writer's destinations never hold `](` (percent-encoded): the last one starts it.
  visit(parse(source.slice(2, source.lastIndexOf(']('))));
  return found;
}

/** Every part of the note that breaks the rules, described; empty when the note is safe. */
export function unsafeParts(note: string): string[] {
  const markdown = withoutFrontMatter(note);
  const tree = parse(markdown);
  const problems: string[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'link' || node.type === 'definition') {
      const scheme = schemeOf(node.url);
      if (!scheme || !LINK_SCHEMES.has(scheme)) problems.push(`${node.type} to ${node.url}`);
    } else if (node.type === 'image') {
      const scheme = schemeOf(node.url);
      const allowed = scheme && (IMAGE_SCHEMES.has(scheme) || DATA_IMAGE.test(node.url));
      if (!allowed) problems.push(`image from ${node.url}`);
      for (const html of htmlInDescription(markdown, node)) {
        problems.push(`raw HTML in an image's description ${html}`);
      }
    } else if (node.type === 'html' && !ENGINE_HTML.test(node.value)) {
      problems.push(`raw HTML ${node.value}`);
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return problems;
}
