import type { Definition, Nodes, Root, TableCell } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { type ComponentChild, type ComponentChildren, h } from 'preact';
import { useMemo } from 'preact/hooks';
import { t } from '../../../utils/i18n';

/**
 * The note's Markdown rendered for reading, without ever handing page content to the browser as
 * HTML: the Markdown is parsed into a syntax tree and each node becomes a Preact element, so raw
 * HTML in the text shows as text, links go out only to http(s) or mail addresses (opening in a
 * new tab, with no opener), and images load only over http(s).
 */
export function MarkdownPreview({ markdown }: { markdown: string }) {
  const rendered = useMemo(() => renderMarkdown(markdown), [markdown]);
  return (
    <section class="markdown-preview" aria-label={t('popup.editor.previewLabel')}>
      {rendered}
    </section>
  );
}

export function renderMarkdown(markdown: string): ComponentChildren {
  const tree = fromMarkdown(capNesting(markdown), {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  const definitions = new Map<string, Definition>();
  for (const node of descendants(tree)) {
    if (node.type === 'definition') definitions.set(node.identifier, node);
  }
  return renderChildren(tree, definitions, 0);
}

/**
 * Quotes and lists nested deeper than this on one line are shown at this depth. A page can nest
 * thousands deep; the parser's time grows faster than the text with nesting, and a tree that deep
 * would overflow the stack when rendered.
 */
const MAX_CONTAINER_MARKERS = 16;
/**
 * Whitespace before a quote or list marker wider than this is narrowed to it, which bounds nesting
 * by indentation (to 17 levels of two-column lists). Other lines, code among them, keep theirs.
 */
const MAX_INDENT_COLUMNS = 32;
/**
 * Nodes deeper in the tree than this are shown as their plain text: the bound the caps above leave
 * to inline nesting (emphasis in emphasis, links in emphasis, ...), which has no line markers.
 */
const MAX_RENDER_DEPTH = 100;

/** A quote marker or list bullet or number opening a line, after any whitespace. */
const CONTAINER_MARKER = /([ \t]*)(>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/y;

/**
 * The Markdown with each line's run of quote and list markers cut to `MAX_CONTAINER_MARKERS`, and
 * the whitespace before each marker narrowed to `MAX_INDENT_COLUMNS`, in one pass over the text,
 * so the parser never meets deeper nesting. Content deeper than that is kept, shown at the cap.
 * Lines within the bounds, which is every line of an ordinary note, are left as they are.
 */
function capNesting(markdown: string): string {
  return markdown.split('\n').map(capLine).join('\n');
}

function capLine(line: string): string {
  let capped = '';
  let changed = false;
  let position = 0;
  let markers = 0;
  for (;;) {
    CONTAINER_MARKER.lastIndex = position;
    const match = CONTAINER_MARKER.exec(line);
    if (!match) break;
    markers += 1;
    if (markers <= MAX_CONTAINER_MARKERS) {
      const space = narrowed(match[1] ?? '');
      changed ||= space !== match[1];
      capped += space + match[2];
    } else {
      changed = true;
    }
    position = CONTAINER_MARKER.lastIndex;
  }
  return changed ? capped + line.slice(position) : line;
}

function narrowed(space: string): string {
  let columns = 0;
  for (const character of space) columns += character === '\t' ? 4 - (columns % 4) : 1;
  return columns > MAX_INDENT_COLUMNS ? ' '.repeat(MAX_INDENT_COLUMNS) : space;
}

/** Every node under `root`, without recursion: a tree can be deeper than the stack. */
function* descendants(root: Nodes): Generator<Nodes> {
  const stack: Nodes[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    yield node;
    if ('children' in node)
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
  }
}

/** The text a subtree shows, in order, without recursion. */
function plainText(node: Nodes): string {
  let text = '';
  for (const part of descendants(node)) {
    if ('value' in part && typeof part.value === 'string') text += part.value;
    else if (part.type === 'image' || part.type === 'imageReference') text += part.alt ?? '';
    else if (part.type === 'break') text += ' ';
  }
  return text;
}

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

/** The address if it is absolute and uses an allowed protocol; nothing else is ever rendered. */
export function safeUrl(url: string, allowed: ReadonlySet<string>): string | undefined {
  try {
    const parsed = new URL(url);
    return allowed.has(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

type Parent = Extract<Nodes, { children: unknown }>;

function renderChildren(
  node: Parent | Root,
  definitions: Map<string, Definition>,
  depth: number,
): ComponentChild[] {
  return (node.children as Nodes[]).map((child, index) =>
    renderNode(child, definitions, index, depth + 1),
  );
}

function renderNode(
  node: Nodes,
  definitions: Map<string, Definition>,
  key: number,
  depth: number,
): ComponentChild {
  if (depth > MAX_RENDER_DEPTH && 'children' in node) {
    return h('span', { key, class: 'md-flat' }, plainText(node));
  }
  const children = () => ('children' in node ? renderChildren(node, definitions, depth) : []);
  switch (node.type) {
    case 'paragraph':
      return h('p', { key }, children());
    case 'heading':
      return h(`h${Math.min(node.depth + 2, 6)}`, { key, class: `md-h${node.depth}` }, children());
    case 'text':
      return h('span', { key }, node.value);
    case 'emphasis':
      return h('em', { key }, children());
    case 'strong':
      return h('strong', { key }, children());
    case 'delete':
      return h('del', { key }, children());
    case 'inlineCode':
      return h('code', { key }, node.value);
    case 'code':
      return h('pre', { key }, h('code', null, node.value));
    case 'blockquote':
      return h('blockquote', { key }, children());
    case 'list':
      return h(
        node.ordered ? 'ol' : 'ul',
        { key, ...(node.ordered && node.start != null && { start: node.start }) },
        children(),
      );
    case 'listItem':
      return h(
        'li',
        { key },
        node.checked == null
          ? children()
          : [
              h('input', { type: 'checkbox', checked: node.checked, disabled: true, key: 'box' }),
              ...children(),
            ],
      );
    case 'thematicBreak':
      return h('hr', { key });
    case 'break':
      return h('br', { key });
    case 'link':
      return link(node.url, children(), key);
    case 'linkReference': {
      const definition = definitions.get(node.identifier);
      return definition ? link(definition.url, children(), key) : h('span', { key }, children());
    }
    case 'image':
      return image(node.url, node.alt ?? '', key);
    case 'imageReference': {
      const definition = definitions.get(node.identifier);
      return definition
        ? image(definition.url, node.alt ?? '', key)
        : h('span', { key }, node.alt ?? '');
    }
    case 'table': {
      const [head, ...body] = node.children;
      return h('div', { key, class: 'md-table' }, [
        h('table', null, [
          head
            ? h('thead', { key: 'head' }, row(head.children, 'th', definitions, 0, depth))
            : null,
          h(
            'tbody',
            { key: 'body' },
            body.map((line, index) => row(line.children, 'td', definitions, index, depth)),
          ),
        ]),
      ]);
    }
    case 'footnoteReference':
      return h('sup', { key }, `[${node.label ?? node.identifier}]`);
    case 'footnoteDefinition':
      return h('div', { key, class: 'md-footnote' }, [
        h('span', { key: 'label' }, `[${node.label ?? node.identifier}] `),
        ...children(),
      ]);
    case 'html':
      // Raw HTML in a note is shown as the text it is, never parsed.
      return h('code', { key, class: 'md-html' }, node.value);
    case 'definition':
      return h('span', { key, hidden: true });
    default:
      return h(
        'span',
        { key },
        'value' in node && typeof node.value === 'string' ? node.value : children(),
      );
  }
}

function row(
  cells: TableCell[],
  tag: 'th' | 'td',
  definitions: Map<string, Definition>,
  key: number,
  depth: number,
): ComponentChild {
  return h(
    'tr',
    { key },
    cells.map((cell, index) => h(tag, { key: index }, renderChildren(cell, definitions, depth))),
  );
}

function link(url: string, children: ComponentChild[], key: number): ComponentChild {
  const href = safeUrl(url, LINK_PROTOCOLS);
  if (!href) return h('span', { key }, children);
  return h('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, children);
}

function image(url: string, alt: string, key: number): ComponentChild {
  const src = safeUrl(url, IMAGE_PROTOCOLS);
  if (!src)
    return h('span', { key, class: 'md-image-missing' }, alt ? `[image: ${alt}]` : '[image]');
  return h('img', { key, src, alt, loading: 'lazy', referrerpolicy: 'no-referrer' });
}
