import { readFileSync } from 'node:fs';
import type { Root } from 'mdast';
import { z } from 'zod';
import { textOf, walk } from './markdown';

/**
 * Rule fidelity on the Defuddle fixtures: does a pipeline's Markdown have the structure of the
 * expected Markdown? Both are parsed (so syntax choices do not matter) and reduced to the parts
 * each rule family is about, with whitespace normalised.
 */
export const RULE_FEATURES = ['codeBlocks', 'math', 'footnotes', 'tables'] as const;
export type RuleFeature = (typeof RULE_FEATURES)[number];

export interface RuleSignature {
  /** `language␟text` of every code block, in order. */
  codeBlocks: string[];
  /** Every math expression, display and inline, in order. */
  math: string[];
  /** How many footnotes the note ends with. */
  footnotes: number;
  /** The text of every table cell, in order. */
  tables: string[];
  /** Coarser shape, for fixtures about other rules. */
  headings: string[];
  listItems: number;
  blockquotes: number;
  images: number;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A formula with its TeX spelling choices taken out: spacing, sizing (`\left(` is `(`),
 * upright-text wrappers (`\mathrm{group}` is `{group}`), braces that group nothing (around
 * one symbol, or a group braced twice), and two spellings of one mark (`\vec`, `\tag`).
 * `x^{2}` and `x^2`, `{\sigma}_{\mathrm{group}}` and
 * `\sigma_{group}` are then one formula; `x^{2y}` and `x^{2}y`, or other symbols, operators and
 * structure, still differ.
 */
const ROW_BREAK = '\uE000';
/** A closing tag: never TeX (`a < b` is, and `x<y>z` may be). */
const HTML_TAG = /<\/[a-z][\w-]*>/i;

export function texSpelling(tex: string): string {
  let spelled = tex
    // A row break (`\\`) is structure; only then can `\ ` and `\,` go as spacing.
    .replace(/\\\\/g, ROW_BREAK)
    // One mark, two spellings: `\vec{B}` is drawn as `\overset{\rightarrow}{B}` (MathML reads both
    // as an arrow over B), and `\tag{X}` as the label `(X)` beside the formula.
    .replace(/\\overset\s*(?:\{\s*\\(?:rightarrow|to)\s*\}|\\(?:rightarrow|to)\b)/g, '\\vec')
    .replace(/\\tag\s*\{([^{}]*)\}/g, '($1)')
    // A null delimiter (`\left.`, `\right.`) draws nothing; other sizing leaves its delimiter.
    .replace(/\\(?:left|right|[bB]ig{1,2}[lr]?)\s*\./g, '')
    .replace(
      /\\(?:left|right|[bB]ig{1,2}[lr]?|displaystyle|textstyle|mathrm|mathit|operatorname)\b/g,
      '',
    )
    // Blank text is spacing, and punctuation set as text is the same punctuation.
    .replace(/\\text\s*\{\s*\}/g, '')
    .replace(/\\text\s*\{\s*([.,;:!?])\s*\}/g, '$1')
    .replace(/\\[,;:! ]|~/g, '')
    .replace(/\s+/g, '');
  for (let previous = ''; previous !== spelled; ) {
    previous = spelled;
    spelled = spelled
      .replace(/\{\{([^{}]*)\}\}/g, '{$1}')
      .replace(/\{(\\[a-zA-Z]+|[^{}\\])\}/g, '$1');
  }
  return spelled.replaceAll(ROW_BREAK, '\\\\');
}

/** Code keeps its line breaks (they are content); trailing spaces and blank edges do not count. */
const codeText = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');

export function ruleSignature(tree: Root): RuleSignature {
  const signature: RuleSignature = {
    codeBlocks: [],
    math: [],
    footnotes: 0,
    tables: [],
    headings: [],
    listItems: 0,
    blockquotes: 0,
    images: 0,
  };
  // GFM has no header-less table: a converter that keeps a table without a header row must write
  // an empty one. Its blank cells are syntax, not cells a reader sees, so they are not counted
  // (the table's own cells still are, in order).
  const syntaxOnly = new Set<unknown>();
  walk(tree, (node) => {
    switch (node.type) {
      case 'table': {
        const head = node.children[0];
        if (
          head &&
          node.children.length > 1 &&
          head.children.every((cell) => !squash(textOf(cell)))
        )
          for (const cell of head.children) syntaxOnly.add(cell);
        break;
      }
      case 'code':
        signature.codeBlocks.push(
          `${(node.lang ?? '').toLowerCase()}\u241f${codeText(node.value)}`,
        );
        break;
      case 'math':
      case 'inlineMath':
        // Markup between two dollar signs is prices in raw HTML (a chart's "$0 … $50" labels), not TeX.
        if (!HTML_TAG.test(node.value)) signature.math.push(texSpelling(node.value));
        break;
      case 'footnoteDefinition':
        signature.footnotes++;
        break;
      case 'tableCell':
        if (syntaxOnly.has(node)) break;
        signature.tables.push(squash(textOf(node)));
        break;
      case 'heading':
        signature.headings.push(squash(textOf(node)));
        break;
      case 'listItem':
        signature.listItems++;
        break;
      case 'blockquote':
        signature.blockquotes++;
        break;
      case 'image':
      case 'imageReference':
        signature.images++;
        break;
      default:
        break;
    }
  });
  return signature;
}

/** The parts of the signature on which two outputs differ. */
export function differingParts(expected: RuleSignature, actual: RuleSignature): string[] {
  return (Object.keys(expected) as (keyof RuleSignature)[]).filter(
    (part) => JSON.stringify(expected[part]) !== JSON.stringify(actual[part]),
  );
}

/** Defuddle's expected files start with a fenced JSON block of metadata; the note follows it. */
export function stripMetadataBlock(expectedFile: string): string {
  return expectedFile.replace(/^\s*```json\n[\s\S]*?\n```\s*\n/, '').trim();
}

export function hasFeature(signature: RuleSignature, feature: RuleFeature): boolean {
  const value = signature[feature];
  return Array.isArray(value) ? value.length > 0 : value > 0;
}

/**
 * Fixture name prefixes (`<category>--<slug>`) that are about one rule family. "code-blocks" is
 * the same family as "codeblocks"; "table-layout" fixtures are about tables.
 */
export const CATEGORY_FEATURE: Record<string, RuleFeature> = {
  codeblocks: 'codeBlocks',
  'code-blocks': 'codeBlocks',
  math: 'math',
  footnotes: 'footnotes',
  'table-layout': 'tables',
};

/**
 * The `general--` fixtures of the sites issue 15 names besides its categories (GitHub, Hacker News,
 * X, Substack, Wikipedia): pages a site module reads, filed with the articles.
 */
export const SITE_PAGE =
  /^general--(?:github\.com|news\.ycombinator\.com|x\.com|substack|wikipedia)/;

/** The fixture categories that hold the site families (issue 15), and the site pages above. */
export const SITE_CATEGORIES = ['extractor', 'comments', 'gmail'] as const;

export function categoryOf(fixtureName: string): string {
  const separator = fixtureName.indexOf('--');
  return separator > 0 ? fixtureName.slice(0, separator) : '(none)';
}

const Audit = z.object({
  fixtures: z.record(
    z.string(),
    z.array(z.object({ find: z.string(), replace: z.string(), why: z.string() })),
  ),
});
export type RulesAudit = z.infer<typeof Audit>['fixtures'];

let audit: RulesAudit | undefined;

/** The audit of Defuddle's expected notes: per fixture, the edits that make it what the page holds. */
export function rulesAudit(): RulesAudit {
  audit ??= Audit.parse(
    JSON.parse(readFileSync(new URL('./rules-audit.json', import.meta.url), 'utf8')),
  ).fixtures;
  return audit;
}

/**
 * The expected note with the audit's edits applied, or undefined when the audit has none for this
 * fixture. An edit whose text is not in the note exactly once means the corpus changed under the
 * audit: that is an error, not a silent pass.
 */
export function auditedExpected(
  fixtureName: string,
  expectedNote: string,
  edits: RulesAudit = rulesAudit(),
): string | undefined {
  const fixes = edits[fixtureName];
  if (!fixes?.length) return undefined;
  let note = expectedNote;
  for (const { find, replace } of fixes) {
    const at = note.indexOf(find);
    if (at < 0 || note.indexOf(find, at + 1) >= 0)
      throw new Error(
        `rules-audit.json: ${fixtureName}: the text to correct is not in the expected note exactly once`,
      );
    note = note.slice(0, at) + replace + note.slice(at + find.length);
  }
  return note;
}
