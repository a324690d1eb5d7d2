import { strikethrough } from '@joplin/turndown-plugin-gfm';
import TurndownService from 'turndown';
import {
  CALLOUT_ATTRIBUTE,
  CALLOUT_FOLD_ATTRIBUTE,
  CALLOUT_TITLE_ATTRIBUTE,
} from '../prepare/callouts';
import { CODE_ATTRIBUTE, codeText, LANGUAGE_ATTRIBUTE } from '../prepare/code-blocks';
import {
  FOOTNOTE_DEFINITION_ATTRIBUTE,
  FOOTNOTE_DEFINITION_ELEMENT,
  FOOTNOTE_REFERENCE_ATTRIBUTE,
} from '../prepare/footnotes';
import { MATH_ATTRIBUTE, MATH_ELEMENT } from '../prepare/math';
import { EMBEDDED_IMAGE_ATTRIBUTE } from '../prepare/media';
import { RuleBook } from '../prepare/rule-dispatch';
import { TASK_ATTRIBUTE } from '../prepare/structure';
import {
  elementBeside,
  HEADING_TAGS,
  headingRank,
  holdsTag,
  SHOWN_WITHOUT_TEXT,
  showsSomething,
} from '../presence';
import { escapeText, resolveLineStartEscapes, safeInlineText } from './escape';
import { markdownDestination, safeImageUrl, safeLinkUrl } from './urls';

/** Hard line break, decided at the end: dropped before a blank line, `<br>` inside a table. */
const HARD_BREAK = '\uE001';
/**
 * Put before every `[text](url)` link and `[^n]` footnote reference: a `!` that ends the text
 * before it (the page's "Wow!" right before a link) would turn the link into an image, which a
 * page could use to load any address as a picture in the note, and a `[` there (the page's
 * "[" + a cited link + "]") or at the start of the link's label (a link labelled "[1]") makes
 * `[[`, a link to one of the user's own notes in apps with wiki links. cleanProse escapes the
 * page's `!` or `[` (a label's own bracket: escapeOpeningBracket); the mark goes with the others.
 */
const LINK_START = '\uE002';
// Table structure travels through turndown as marked text and is laid out by the table rule.
const CELL_OPEN = '\uE010';
const CELL_CONTENT = '\uE011';
const CELL_CLOSE = '\uE012';
const ROW_OPEN = '\uE013';
const ROW_CLOSE = '\uE014';
const INTERNAL_MARKS = /[\uE000-\uE014]/g;
// Built once: a RegExp made from a string is parsed again every time it is constructed.
const HARD_BREAKS = new RegExp(HARD_BREAK, 'g');
const HARD_BREAK_LINE_ENDS = new RegExp(`${HARD_BREAK}\\n`, 'g');
// A break that ends a paragraph, or the note (turndown trims the note's last newline), breaks
// nothing: CommonMark shows a backslash there as text.
const HARD_BREAKS_BEFORE_BLANK_LINE = new RegExp(
  `${HARD_BREAK}(?:\\n(?=[ \\t>]*(?:\\n|$))|$)`,
  'g',
);
const HARD_BREAK_ALONE_ON_LINE = new RegExp(`^([ \\t>]*)${HARD_BREAK}$`, 'gm');
const ROW_PATTERN = new RegExp(`${ROW_OPEN}([HB])([\\s\\S]*?)${ROW_CLOSE}`, 'g');
const CELL_PATTERN = new RegExp(
  `${CELL_OPEN}(\\d+),(\\d+),([HD])${CELL_CONTENT}([\\s\\S]*?)${CELL_CLOSE}`,
  'g',
);

function backtickFence(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** A code span whose delimiter is a backtick run the text does not contain. */
function codeSpan(text: string): string {
  const runs: string[] = text.match(/`+/g) ?? [];
  let delimiter = '`';
  while (runs.includes(delimiter)) delimiter += '`';
  const pad = /^`|`$|^ .*[^ ].* $/.test(text) ? ' ' : '';
  return `${delimiter}${pad}${text}${pad}${delimiter}`;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

function cellText(content: string): string {
  return content
    .replace(HARD_BREAK_LINE_ENDS, '<br>')
    .trim()
    .replace(/\n{2,}/g, '\n')
    .replace(/\s*\n\s*/g, '<br>')
    .replace(/(^|[^\\])\|/g, '$1\\|')
    .replace(/(^|[^\\])\|/g, '$1\\|');
}

interface ParsedCell {
  text: string;
  /** A `<th>`: a header cell, of the table or of its row. */
  heading: boolean;
  colspan: number;
  rowspan: number;
}

function parseRows(content: string): Array<{ header: boolean; cells: ParsedCell[] }> {
  const rows: Array<{ header: boolean; cells: ParsedCell[] }> = [];
  for (const row of content.matchAll(ROW_PATTERN)) {
    const cells = Array.from((row[2] ?? '').matchAll(CELL_PATTERN), (cell) => ({
      colspan: Math.min(Number(cell[1]) || 1, 50),
      rowspan: Math.min(Number(cell[2]) || 1, 500),
      heading: cell[3] === 'H',
      text: cellText(cell[4] ?? ''),
    }));
    rows.push({ header: row[1] === 'H', cells });
  }
  return rows;
}

/** A value rather than a label: digits make up a good part of it (95, 06:30–21:00, 2015-03-01). */
function looksLikeValue(cell: string): boolean {
  const characters = cell.replace(/\s/g, '');
  const digits = characters.replace(/\D/g, '');
  return digits.length >= characters.length * 0.3;
}

/**
 * A table without header cells whose first row reads as column names ("Name | Score" over
 * "Alice | 95"): every position filled with a short label, no value (looksLikeValue), no image,
 * but for a blank corner over a column of row labels. Such a row is the
 * header a reader sees, so it becomes the GFM header. Tables with header cells anywhere (a
 * key-value table labels its rows with `<th>`) are left alone.
 */
function firstRowAsHeader(rows: Array<Array<string | undefined>>, width: number): boolean {
  const [first] = rows;
  if (!first || rows.length < 2) return false;
  const isLabel = (cell: string) =>
    !!cell && cell.length <= 60 && !looksLikeValue(cell) && !cell.includes('![');
  // A two-way table leaves its corner blank: columns named along the top, rows down the side.
  const corner =
    width > 2 &&
    !(first[0] ?? '').trim() &&
    rows.slice(1).every((row) => isLabel((row[0] ?? '').trim()));
  for (let index = corner ? 1 : 0; index < width; index += 1) {
    if (!isLabel((first[index] ?? '').trim())) return false;
  }
  return true;
}

/**
 * A GFM table. Cells spanning several columns or rows are laid out on a grid: the content sits in
 * the first position and the positions it also covers stay empty, so every value stays in its own
 * row and column. A table without a header row takes its first row as the header when that row
 * reads as column names (firstRowAsHeader); otherwise it gets an empty one, which GFM requires.
 */
function layoutTable(content: string, caption: string): string {
  const rows = parseRows(content);
  const grid: string[][] = [];
  const occupied: boolean[][] = [];
  rows.forEach((row, rowIndex) => {
    grid[rowIndex] ??= [];
    occupied[rowIndex] ??= [];
    let column = 0;
    for (const cell of row.cells) {
      while (occupied[rowIndex]?.[column]) column += 1;
      for (let dy = 0; dy < cell.rowspan && rowIndex + dy < rows.length; dy += 1) {
        for (let dx = 0; dx < cell.colspan; dx += 1) {
          grid[rowIndex + dy] ??= [];
          occupied[rowIndex + dy] ??= [];
          (grid[rowIndex + dy] as string[])[column + dx] = dy === 0 && dx === 0 ? cell.text : '';
          (occupied[rowIndex + dy] as boolean[])[column + dx] = true;
        }
      }
      column += cell.colspan;
    }
  });
  const nonEmpty = grid
    .map((cells, index) => ({ cells, header: rows[index]?.header ?? false }))
    .filter((row) => row.cells.some((cell) => cell?.trim()));
  if (nonEmpty.length === 0) return '';
  const width = Math.max(...nonEmpty.map((row) => row.cells.length));
  const line = (cells: Array<string | undefined>) =>
    `| ${Array.from({ length: width }, (_, index) => cells[index] ?? '').join(' | ')} |`;
  const first = nonEmpty[0];
  const promoted =
    !first?.header && !rows.some((row) => row.cells.some((cell) => cell.heading))
      ? firstRowAsHeader(
          nonEmpty.map((row) => row.cells),
          width,
        )
      : false;
  const header = first?.header || promoted ? (first?.cells ?? []) : [];
  const body = first?.header || promoted ? nonEmpty.slice(1) : nonEmpty;
  const lines = [line(header), `|${' --- |'.repeat(width)}`, ...body.map((row) => line(row.cells))];
  const table = lines
    .join('\n')
    .replace(/ {2,}\|/g, ' |')
    .replace(/\| {2,}/g, '| ');
  return `\n\n${caption ? `${caption}\n\n` : ''}${table}\n\n`;
}

function isHeaderRow(row: Element): boolean {
  const section = row.parentElement;
  if (section?.tagName === 'THEAD') return true;
  const cells = Array.from(row.children).filter((cell) => /^T[DH]$/.test(cell.tagName));
  if (cells.length === 0 || !cells.every((cell) => cell.tagName === 'TH')) return false;
  const table = row.closest('table');
  return !!table && table.querySelector('tr') === row;
}

function hasMeaningfulSibling(node: Node, direction: 'previousSibling' | 'nextSibling'): boolean {
  for (let sibling = node[direction]; sibling; sibling = sibling[direction]) {
    if (sibling.nodeType === 3 && !(sibling.nodeValue ?? '').trim()) continue;
    if (sibling.nodeType === 1 && (sibling as Element).tagName === 'BR') return false;
    return true;
  }
  return false;
}

function listItemPrefix(item: Element): string {
  const list = item.parentElement;
  if (list?.tagName !== 'OL') return list && followsListOfItsKind(list) ? '* ' : '- ';
  const start = Number.parseInt(list.getAttribute('start') ?? '1', 10);
  const index = Array.from(list.children)
    .filter((child) => child.tagName === 'LI')
    .indexOf(item);
  return `${(Number.isNaN(start) ? 1 : start) + index}${followsListOfItsKind(list) ? ')' : '.'} `;
}

/** Per list: whether it writes the other marker (listItemPrefix asks once per item). */
const otherMarker = new WeakMap<Element, boolean>();

/**
 * Two lists of one kind with nothing between them are one list in Markdown: a blank line between
 * items only makes that list loose, and a second numbered list goes on counting from the first
 * (its "1." shown as "3."). A different marker starts a new list (CommonMark: `-` and `*`, `.`
 * and `)`), so each list in a run of them takes the other marker from the one before it.
 */
function followsListOfItsKind(list: Element): boolean {
  const known = otherMarker.get(list);
  if (known !== undefined) return known;
  const before = elementBeside(list, 'previousSibling');
  const other = before?.tagName === list.tagName && !followsListOfItsKind(before);
  otherMarker.set(list, other);
  return other;
}

/**
 * Addresses that already read as the parser writes them, with an allowed scheme: what the
 * engine's link and image passes (normalizeLinks, normalizeImages) leave behind, so the check
 * here need not parse each one a second time. A lowercase scheme with nothing before it is the
 * scheme the parser reads; no space or control character means nothing would be stripped.
 */
const PLAIN_LINK = /^(?:https?:\/\/|mailto:)[^\s\p{Cc}]*$/u;
const PLAIN_IMAGE = /^https?:\/\/[^\s\p{Cc}]*$/u;

/**
 * The only two places a URL from the page becomes Markdown, so every mode passes the same check:
 * a link whose address is not http, https or mailto (safeLinkUrl) is left as its text, and an
 * image whose source a note may not show (safeImageUrl) is left out.
 */
export function markdownLink(
  text: string,
  href: string | null,
  base: string | (() => string),
): string {
  const safe = href && PLAIN_LINK.test(href) ? href : safeLinkUrl(href, base);
  if (!safe) return text;
  // `<…>` only for an address with nothing that would end it early (a mailto: keeps `<`, `>`).
  if (text === safe && /^[^\s<>]+$/.test(safe)) return `<${safe}>`;
  if (
    safe.startsWith('mailto:') &&
    text === safe.slice('mailto:'.length) &&
    /^[^\s<>\\]+$/.test(text)
  )
    return `<${text}>`;
  return `${LINK_START}[${escapeOpeningBracket(text)}](${markdownDestination(safe)})`;
}

/**
 * A label that opens with the page's own bracket (a link labelled "[1]") would read `[[1]](…)`:
 * in apps with wiki links, a link to one of the user's own notes. That bracket and the one that
 * closes it are escaped; CommonMark shows the same label.
 */
function escapeOpeningBracket(label: string): string {
  if (!label.startsWith('[')) return label;
  let depth = 0;
  for (let index = 0; index < label.length; index += 1) {
    const character = label[index];
    if (character === '\\') index += 1;
    else if (character === '[') depth += 1;
    else if (character === ']' && --depth === 0)
      return `\\[${label.slice(1, index)}\\]${label.slice(index + 1)}`;
  }
  return `\\${label}`;
}

/** `alt` is written as it is given: the caller escapes it. */
export function markdownImage(
  alt: string,
  src: string | null,
  base: string | (() => string),
): string {
  const safe = src && PLAIN_IMAGE.test(src) ? src : safeImageUrl(src, base);
  return safe ? `![${alt}](${markdownDestination(safe)})` : '';
}

/**
 * Text written verbatim where a Markdown reader without a math extension would parse it as
 * prose (TeX between dollars): `<` before a letter, `/`, `!` or `?` would open raw HTML there.
 * A space after it changes nothing in TeX, where spaces in math are not typeset.
 */
function defuseTags(text: string): string {
  return text.replace(/<(?=[A-Za-z/!?])/g, '< ');
}

/** A fence's info string: one word of the characters language names use, nothing that ends the fence line. */
function fenceLanguage(language: string): string {
  return /^[\w#+.-]*/.exec(language)?.[0] ?? '';
}

/** A tag as a page writes it: `<br>`, `<small>`, `<a href="…">`, `</span>`. */
const MARKUP_TAG = /<(\/?)([A-Za-z][\w-]*)(?:\s[^<>]*)?\/?>/g;

/**
 * An image's description as words. Some publishing tools write the caption's markup into the
 * alt text (`Can you spot it?<br><small>Photo by <a href="…">Ricardo</a></small>`, `<span
 * style="font-size:13px;">Nintendo/Apple</span>`), and the note showed the tags, escaped, as
 * text. A tag reads as what it separates: a line break as a space, anything else as nothing.
 */
function altWords(alt: string): string {
  if (!alt.includes('<')) return alt;
  return alt.replace(MARKUP_TAG, (_tag, _closing, name: string) =>
    name.toLowerCase() === 'br' ? ' ' : '',
  );
}

let sharedConverter: TurndownService | undefined;

/** Text of a section break: one mark repeated (spaces between allowed), or the asterism. */
const SEPARATOR_TEXT = /^\s*(?:([_*=~\-–—―─━•·◆◇])(?:\s*\1){1,}|⁂)\s*$/u;

/** One converter for every clip: building it costs more than converting a short page, and its
 * rules keep no state from one conversion to the next. */
export function markdownConverter(): TurndownService {
  sharedConverter ??= createMarkdownConverter();
  return sharedConverter;
}

export function createMarkdownConverter(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '*',
    strongDelimiter: '**',
    linkStyle: 'inlined',
  });
  service.escape = escapeText;
  service.use(strikethrough);

  const rules = new RuleBook();
  rules.add('nonContent', {
    filter: [
      'script',
      'style',
      'noscript',
      'template',
      'button',
      'input',
      'select',
      'textarea',
      'svg',
      'canvas',
      'iframe',
      'object',
      'embed',
    ] as TurndownService.Filter,
    replacement: () => '',
  });
  rules.add('codeBlock', {
    filter: 'pre',
    replacement: (_content, node) => {
      const text = node.hasAttribute(CODE_ATTRIBUTE) ? (node.textContent ?? '') : codeText(node);
      if (!text.trim()) return '';
      // One line of code in a table cell (a declaration beside its version note): a GFM cell
      // holds no fence, but it holds a code span.
      if (node.closest('td, th') && !/\S[^\S\n]*\n[\s\S]*\S/.test(text.trim()))
        return codeSpan(text.trim());
      const language = fenceLanguage(node.getAttribute(LANGUAGE_ATTRIBUTE) ?? '');
      const fence = backtickFence(text);
      return `\n\n${fence}${language}\n${text}\n${fence}\n\n`;
    },
  });
  rules.add(
    'inlineCode',
    {
      filter: (node) => node.nodeName === 'CODE' && !node.closest('pre'),
      replacement: (content, node) => {
        // Some sites wrap a whole code block in an outer <code>: the block inside speaks for itself.
        if (node.querySelector('pre')) return `\n\n${content}\n\n`;
        const text = (node.textContent ?? '').replace(/\r?\n|\r/g, ' ');
        if (!text.trim()) return '';
        return codeSpan(text);
      },
    },
    ['code'],
  );
  rules.add(
    'math',
    {
      filter: (node) => node.nodeName === MATH_ELEMENT.toUpperCase(),
      replacement: (_content, node) => {
        const tex = defuseTags((node.textContent ?? '').trim());
        if (!tex) return '';
        return node.getAttribute(MATH_ATTRIBUTE) === 'display'
          ? `\n\n$$\n${tex}\n$$\n\n`
          : `$${oneLine(tex)}$`;
      },
    },
    [MATH_ELEMENT],
  );
  rules.add(
    'footnoteReference',
    {
      filter: (node) => node.hasAttribute(FOOTNOTE_REFERENCE_ATTRIBUTE),
      replacement: (_content, node) =>
        `${LINK_START}[^${node.getAttribute(FOOTNOTE_REFERENCE_ATTRIBUTE)}]`,
    },
    '*',
  );
  rules.add(
    'footnoteDefinition',
    {
      filter: (node) => node.nodeName === FOOTNOTE_DEFINITION_ELEMENT.toUpperCase(),
      replacement: (content, node) => {
        const text = content.trim().replace(/\n/g, '\n    ');
        return text
          ? `\n\n[^${node.getAttribute(FOOTNOTE_DEFINITION_ATTRIBUTE)}]: ${text}\n\n`
          : '';
      },
    },
    [FOOTNOTE_DEFINITION_ELEMENT],
  );
  rules.add(
    'callout',
    {
      filter: (node) => node.hasAttribute(CALLOUT_ATTRIBUTE),
      replacement: (content, node) => {
        const type = node.getAttribute(CALLOUT_ATTRIBUTE) ?? 'note';
        const fold = node.getAttribute(CALLOUT_FOLD_ATTRIBUTE) ?? '';
        // The title is the page's text, read before turndown saw it: escaped like any text.
        const title = escapeText(oneLine(node.getAttribute(CALLOUT_TITLE_ATTRIBUTE) ?? ''));
        const body = content
          .replace(/^\n+|\n+$/g, '')
          .split('\n')
          .map((line) => (line ? `> ${line}` : '>'))
          .join('\n');
        const head = `> [!${type}]${fold}${title ? ` ${title}` : ''}`;
        return `\n\n${head}${body ? `\n${body}` : ''}\n\n`;
      },
    },
    // A div too: Readability renames the block it chose, and each block it adds beside it, to a
    // div when it is none of its usual blocks, and a callout can be that block.
    ['blockquote', 'div'],
  );
  rules.add('heading', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content, node) => {
      const text = oneLine(content.replace(HARD_BREAKS, ''));
      return text ? `\n\n${'#'.repeat(headingRank(node))} ${text}\n\n` : '';
    },
  });
  rules.add(
    'taskMarker',
    {
      filter: (node) => node.hasAttribute(TASK_ATTRIBUTE),
      replacement: (_content, node) => {
        const box = `[${node.getAttribute(TASK_ATTRIBUTE) === 'x' ? 'x' : ' '}]`;
        const next = node.nextSibling;
        return next?.nodeType === 3 && /^\s/.test(next.nodeValue ?? '') ? box : `${box} `;
      },
    },
    '*',
  );
  rules.add('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const prefix = listItemPrefix(node);
      const indent = ' '.repeat(prefix.length);
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n')
        .replace(/\n(?=.)/g, `\n${indent}`);
      return prefix + body + (node.nextSibling && !body.endsWith('\n') ? '\n' : '');
    },
  });
  rules.add(
    'separator',
    {
      // A paragraph of nothing but a repeated mark (`___`, `* * *`, `———`, `⁂`) is the page's
      // section break, and a thematic break is how Markdown writes one; as text it was escaped
      // stars or underscores in the middle of the note (`\_\_\_`, news agencies' copy).
      filter: (node) =>
        SEPARATOR_TEXT.test(node.textContent ?? '') && !node.querySelector(SHOWN_WITHOUT_TEXT),
      replacement: () => '\n\n---\n\n',
    },
    ['p'],
  );
  rules.add('lineBreak', {
    filter: 'br',
    replacement: (_content, node) =>
      hasMeaningfulSibling(node, 'previousSibling') || hasMeaningfulSibling(node, 'nextSibling')
        ? `${HARD_BREAK}\n`
        : '\n',
  });
  rules.add('image', {
    filter: 'img',
    replacement: (_content, node) => {
      // The page's words, escaped like any: an alt of `<a title="x" onerror="…">` was raw HTML in
      // the image's description, which a renderer that allows HTML writes into the alt attribute
      // unescaped, breaking out of it.
      const alt = safeInlineText(altWords(node.getAttribute('alt') ?? ''), { lineStart: false });
      if (node.hasAttribute(EMBEDDED_IMAGE_ATTRIBUTE)) {
        return `*(${alt ? `Image “${alt}”` : 'An image'} was embedded in the page and is not saved in this note.)*`;
      }
      return markdownImage(alt, node.getAttribute('src'), () => node.ownerDocument.baseURI);
    },
  });
  rules.add(
    'link',
    {
      filter: (node) => node.nodeName === 'A' && !!node.getAttribute('href'),
      replacement: (content, node) => {
        let text = content.trim();
        if (!text) return '';
        // A link around blocks (a card, a heading): keep the text on one line inside the link,
        // without the heading marks, which inside a link are only characters.
        text = text.replace(/^#{1,6} /gm, '');
        const aroundBlocks = text.includes('\n');
        if (aroundBlocks) text = oneLine(text.replace(HARD_BREAKS, ''));
        const link = markdownLink(
          text,
          node.getAttribute('href'),
          () => node.ownerDocument.baseURI,
        );
        // Turndown drops the white space after a block, and the link's last child is one: two
        // cards in a row would touch (`…](/a)[![…`) and read as one run of words. Line ends are
        // trimmed later.
        return aroundBlocks && node.nextSibling?.nodeType === 1 ? `${link} ` : link;
      },
    },
    ['a'],
  );
  rules.add(
    'superscript',
    {
      filter: (node) =>
        (node.nodeName === 'SUP' || node.nodeName === 'SUB') &&
        !node.hasAttribute(FOOTNOTE_REFERENCE_ATTRIBUTE),
      replacement: (content, node) => {
        const tag = node.nodeName.toLowerCase();
        return content.trim() ? `<${tag}>${content.trim()}</${tag}>` : '';
      },
    },
    ['sup', 'sub'],
  );
  rules.add('highlight', {
    filter: 'mark',
    replacement: (content) => (content.trim() ? `==${content.trim()}==` : ''),
  });
  rules.add('definitionTerm', {
    filter: 'dt',
    replacement: (content) => {
      const text = oneLine(content);
      return text ? `\n\n${text.startsWith('**') ? text : `**${text}**`}\n` : '';
    },
  });
  rules.add('definitionDescription', {
    filter: 'dd',
    replacement: (content) => {
      const text = content.trim();
      // Wikipedia indents display formulas with a bare <dd>: the formula is all there is.
      if (text.startsWith('$$') && text.endsWith('$$')) return `\n\n${text}\n\n`;
      // Indenting a code fence four spaces would turn it into an indented block that shows its
      // fence lines as code (Writerside's API references put examples in a <dd>).
      if (/^(?:`{3,}|~{3,})/m.test(text)) return `\n\n${text}\n\n`;
      if (!text) return '';
      // `:   ` is Markdown Extra, not GFM: to a GFM reader the description is a paragraph, and
      // blocks after it indented four spaces would read as code. The first block carries the
      // marker; later ones (a list, a second paragraph) stay blocks of their own.
      const [first = '', ...rest] = text.split(/\n{2,}(?=\S)/);
      const marked = `:   ${first.replace(/\n/g, '\n    ')}`;
      return rest.length > 0 ? `\n${marked}\n\n${rest.join('\n\n')}\n\n` : `\n${marked}\n`;
    },
  });
  rules.add('details', {
    filter: ['details', 'summary'],
    replacement: (content, node) => {
      const text = content.trim();
      if (!text) return '';
      // A summary that holds a heading (`<summary><h3>Install</h3></summary>`, common in READMEs;
      // rustdoc heads each method so) is written as its blocks: made one bold line, the heading
      // was its marks in stars, `**### Install**`.
      if (node.nodeName !== 'SUMMARY' || holdsTag(node as Element, HEADING_TAGS))
        return `\n\n${text}\n\n`;
      return `\n\n**${oneLine(text)}**\n\n`;
    },
  });
  rules.add('tableCell', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      const cell = node as HTMLTableCellElement;
      const kind = cell.tagName === 'TH' ? 'H' : 'D';
      return `${CELL_OPEN}${cell.colSpan || 1},${cell.rowSpan || 1},${kind}${CELL_CONTENT}${content}${CELL_CLOSE}`;
    },
  });
  rules.add('tableRow', {
    filter: 'tr',
    replacement: (content, node) =>
      `${ROW_OPEN}${isHeaderRow(node) ? 'H' : 'B'}${content}${ROW_CLOSE}`,
  });
  rules.add('tableSection', {
    filter: ['thead', 'tbody', 'tfoot', 'colgroup', 'col'],
    replacement: (content) => content,
  });
  rules.add('tableCaption', { filter: 'caption', replacement: () => '' });
  rules.add('table', {
    filter: 'table',
    replacement: (content, node) => {
      const caption = node.querySelector('caption');
      return layoutTable(content, caption ? oneLine(service.turndown(caption as HTMLElement)) : '');
    },
  });
  rules.install(service, 'clipdeck');
  return service;
}

/** Splits Markdown into fenced code (left exactly as is) and the rest, which gets cleaned. */
function mapOutsideCode(markdown: string, clean: (text: string) => string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let buffer: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    if (buffer.length > 0) out.push(clean(buffer.join('\n')));
    buffer = [];
  };
  for (const line of lines) {
    if (fence === null) {
      const opening = /^(?:[ \t]*(?:>|[-+*]|\d{1,9}[.)])?[ \t]?)*?(`{3,}|~{3,})/.exec(line);
      if (opening?.[1]) {
        flush();
        fence = opening[1];
        out.push(line);
        continue;
      }
      buffer.push(line);
    } else {
      out.push(line);
      if (
        line
          .trim()
          .replace(/^(?:>\s?)+/, '')
          .trim()
          .startsWith(fence) &&
        /^[`~]+$/.test(
          line
            .trim()
            .replace(/^(?:>\s?)+/, '')
            .trim(),
        )
      )
        fence = null;
    }
  }
  flush();
  return out.join('\n');
}

function cleanProse(text: string): string {
  return resolveLineStartEscapes(
    text
      // An unescaped `!` (an even run of backslashes before it) right before a link.
      .replace(/(\\*)!\uE002/g, (match, slashes: string) =>
        slashes.length % 2 ? match : `${slashes}\\!${LINK_START}`,
      )
      // An unescaped `[` right before a link or a footnote reference.
      .replace(/(\\*)\[\uE002\[/g, (match, slashes: string) =>
        slashes.length % 2 ? match : `${slashes}\\[${LINK_START}[`,
      )
      .replace(/\u00a0/g, ' ')
      // A break alone on its line first: two breaks in a row (`<br><br>`, a paragraph's end on
      // the page) leave the first one before the line the second emptied. The line keeps its
      // quote marks: a line without them inside a blockquote ends the quote.
      .replace(HARD_BREAK_ALONE_ON_LINE, '$1')
      .replace(HARD_BREAKS_BEFORE_BLANK_LINE, '\n')
      .replace(HARD_BREAKS, '\\')
      .replace(/[ \t]+$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      // Blank lines inside a quote as one, as outside it.
      .replace(/^(>(?: ?>)*)\n(?:\1\n)+/gm, '$1\n'),
  );
}

export function finishMarkdown(markdown: string): string {
  return mapOutsideCode(markdown, cleanProse)
    .replace(INTERNAL_MARKS, '')
    .replace(/^\n+/, '')
    .replace(/\s+$/, '')
    .replace(EDGE_RULES, '')
    .replace(RULE_OVER_NOTES, '\n\n');
}

/**
 * A rule whose only followers are footnote definitions: the page's line over its notes. A
 * renderer draws the notes after the note's text under a line of its own (GitHub and Obsidian
 * both do), so this one was a second line at the end of the text. Each definition's own
 * paragraphs are indented under it; anything else after the rule keeps it.
 */
const RULE_OVER_NOTES =
  /\n\n---\n\n(?=\[\^[^\]\n]+\]:[^\n]*(?:\n(?:\n*(?: {4}|\[\^[^\]\n]+\]:)[^\n]*))*$)/;

/**
 * Thematic breaks that open or close the note separate it from nothing, and one on the first
 * line reads as the start of YAML front matter to the notes apps a note is exported to.
 */
const EDGE_RULES = /^(?:---\n+)+|(?:\n+---)+$/g;

/** Inline wrappers a picture can step out of without losing anything it shows (never a link). */
const PLAIN_INLINE = /^(?:span|font|em|i|strong|b|small|big|u|mark|ins|abbr|cite|time|label)$/;

/**
 * A picture that opens a styling wrapper, with space after it, steps out in front of the wrapper.
 * Turndown keeps the space after a picture and then reads the wrapper's words (which a picture has
 * none of) as starting with it, so it writes that space before the whole wrapper: a caption line
 * `<span><img> Getty Images</span>` became "  ![Taylor Swift](…)  Getty Images" (BBC, MSN), a
 * note that opens indented. In front of the wrapper the picture is written first, the space after.
 */
function liftOpeningPictures(root: Element): void {
  for (const image of Array.from(root.getElementsByTagName('img'))) {
    const after = image.nextSibling;
    if (after?.nodeType !== 3 || !/^\s/.test(after.nodeValue ?? '')) continue;
    let wrapper = image.parentElement;
    while (
      wrapper &&
      wrapper !== root &&
      PLAIN_INLINE.test(wrapper.localName) &&
      !showsSomethingBefore(image)
    ) {
      wrapper.before(image);
      wrapper = image.parentElement;
    }
  }
}

/** Whether an earlier sibling of the node shows words or a picture of its own. */
function showsSomethingBefore(node: Node): boolean {
  for (let sibling = node.previousSibling; sibling; sibling = sibling.previousSibling) {
    if (showsSomething(sibling)) return true;
  }
  return false;
}

export function toMarkdown(root: Element, service: TurndownService = markdownConverter()): string {
  liftOpeningPictures(root);
  // Turndown keeps the space after a picture, and then every space of the text nodes that follow
  // it until an element comes: removed elements leave their neighbours' white space as several
  // text nodes in a row, written as a run of spaces ("![…](…)   Getty Images"). One text node each.
  root.normalize();
  return finishMarkdown(service.turndown(root as HTMLElement));
}
