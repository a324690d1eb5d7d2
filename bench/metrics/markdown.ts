import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';

/**
 * Reading a pipeline's Markdown back: CommonMark + GFM (tables, footnotes, strikethrough, task
 * lists, autolinks) + `$`/`$$` math, the syntax all three pipelines may emit. Parsing rather than
 * pattern-matching makes the scores blind to syntax choices (setext vs ATX headings, `*` vs `-`,
 * fenced vs indented code).
 */
export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown, {
    extensions: [gfm(), math()],
    mdastExtensions: [gfmFromMarkdown(), mathFromMarkdown()],
  });
}

const BLOCK_TYPES = new Set([
  'paragraph',
  'heading',
  'blockquote',
  'list',
  'listItem',
  'code',
  'math',
  'table',
  'tableRow',
  'thematicBreak',
  'footnoteDefinition',
  'html',
]);

const INLINE_TAG =
  /^<\/?(?:sup|sub|mark|span|b|i|em|strong|u|s|del|ins|small|abbr|kbd|code|q|cite|var|samp)(?:\s[^>]*)?>$/i;

/**
 * The text a reader sees: markup, link targets and images (URL and alt text) left out, blocks
 * separated by blank lines and table cells by tabs, so no two words are glued together. Raw HTML
 * keeps its text without its tags.
 */
export function plainText(tree: Root): string {
  const parts: string[] = [];
  const visit = (node: Nodes): void => {
    switch (node.type) {
      case 'image':
      case 'imageReference':
      case 'definition':
        return;
      case 'text':
      case 'inlineCode':
      case 'inlineMath':
        parts.push(node.value);
        return;
      case 'code':
      case 'math':
        parts.push('\n\n', node.value, '\n\n');
        return;
      case 'html':
        // An inline tag (`AA<sup>H</sup>`) joins its text to the words around it, as a browser
        // shows it; any other tag separates words.
        if (INLINE_TAG.test(node.value)) return;
        parts.push(' ', node.value.replace(/<[^>]*>/g, ' '), ' ');
        return;
      case 'break':
        parts.push('\n');
        return;
      case 'tableCell':
        parts.push('\t');
        break;
      default:
        break;
    }
    if ('children' in node) {
      for (const child of node.children) visit(child as Nodes);
    }
    if (BLOCK_TYPES.has(node.type)) parts.push('\n\n');
  };
  visit(tree);
  return parts
    .join('')
    .replace(/[ \t]*\n[ \t]*/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Calls `visitor` for every node of the tree, depth first. */
export function walk(tree: Nodes, visitor: (node: Nodes) => void): void {
  visitor(tree);
  if ('children' in tree) {
    for (const child of tree.children) walk(child as Nodes, visitor);
  }
}

/** A node's visible text, the way plainText renders it. */
export function textOf(node: Nodes): string {
  return plainText({ type: 'root', children: [node] } as Root);
}
