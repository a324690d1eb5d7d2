import type { Definition, Nodes, Root, TableCell } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { type ComponentChild, type ComponentChildren, h } from 'preact';
import { useMemo } from 'preact/hooks';

/**
 * The note's Markdown rendered for reading, without ever handing page content to the browser as
 * HTML: the Markdown is parsed into a syntax tree and each node becomes a Preact element, so raw
 * HTML in the text shows as text, links go out only to http(s) or mail addresses (opening in a
 * new tab, with no opener), and images load only over http(s).
 */
export function MarkdownPreview({ markdown }: { markdown: string }) {
  const rendered = useMemo(() => renderMarkdown(markdown), [markdown]);
  return (
    <section class="markdown-preview" aria-label="Rendered preview">
      {rendered}
    </section>
  );
}

export function renderMarkdown(markdown: string): ComponentChildren {
  const tree = fromMarkdown(markdown, {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  const definitions = new Map<string, Definition>();
  collectDefinitions(tree, definitions);
  return renderChildren(tree, definitions);
}

function collectDefinitions(node: Nodes, into: Map<string, Definition>): void {
  if (node.type === 'definition') into.set(node.identifier, node);
  if ('children' in node) for (const child of node.children) collectDefinitions(child, into);
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
): ComponentChild[] {
  return (node.children as Nodes[]).map((child, index) => renderNode(child, definitions, index));
}

function renderNode(
  node: Nodes,
  definitions: Map<string, Definition>,
  key: number,
): ComponentChild {
  const children = () => ('children' in node ? renderChildren(node, definitions) : []);
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
          head ? h('thead', { key: 'head' }, row(head.children, 'th', definitions, 0)) : null,
          h(
            'tbody',
            { key: 'body' },
            body.map((line, index) => row(line.children, 'td', definitions, index)),
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
): ComponentChild {
  return h(
    'tr',
    { key },
    cells.map((cell, index) => h(tag, { key: index }, renderChildren(cell, definitions))),
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
