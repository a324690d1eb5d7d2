import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../bench/metrics/markdown';
import {
  auditedExpected,
  categoryOf,
  differingParts,
  ruleSignature,
  rulesAudit,
  stripMetadataBlock,
} from '../../../bench/metrics/rules';

const signature = (markdown: string) => ruleSignature(parseMarkdown(markdown));

describe('rule signature', () => {
  it('is blind to syntax choices and whitespace', () => {
    const fenced = '## Setup\n\n```Python\nprint(1)   \n```\n\n* item\n\n$x + y$';
    const indented = 'Setup\n-----\n\n~~~python\n\nprint(1)\n~~~\n\n- item\n\n$x  +  y$';
    expect(differingParts(signature(fenced), signature(indented))).toEqual([]);
  });

  it('tells a code block in another language or with other text apart', () => {
    expect(differingParts(signature('```js\na\n```'), signature('```ts\na\n```'))).toEqual([
      'codeBlocks',
    ]);
    expect(differingParts(signature('```\na\n  b\n```'), signature('```\na\nb\n```'))).toEqual([
      'codeBlocks',
    ]);
  });

  it('counts footnotes and reads table cells and math', () => {
    const parsed = signature(
      'Text[^1] and[^2].\n\n[^1]: One.\n[^2]: Two.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n$$\n\\frac{1}{2}\n$$',
    );
    expect(parsed.footnotes).toBe(2);
    expect(parsed.tables).toEqual(['a', 'b', '1', '2']);
    expect(parsed.math).toEqual(['\\frac12']);
    expect(signature('$x^{2y}$').math).not.toEqual(signature('$x^{2}y$').math);
  });

  it('takes out null delimiters and blank text, and reads no formula in dollar prices of raw HTML', () => {
    expect(signature('$$\\left(\\right. n \\left.\\right) \\text{ }.$$').math).toEqual(
      signature('$$( n ).$$').math,
    );
    expect(signature('$$\\left( n \\right)$$').math).toEqual(['(n)']);
    expect(
      signature('<svg><text y="0">$0</text><text y="85">$50</text></svg>\n\nPrices $x<y$.').math,
    ).toEqual(['x<y']);
  });

  it('reads two spellings of one mark as the same formula, and other marks as other formulas', () => {
    // MathJax and MathML converters spell an arrow accent and an equation label either way.
    expect(signature('$$\\vec{\\mathbf{B}} = 0 \\tag{\\star}$$').math).toEqual(
      signature('$$\\overset{\\rightarrow}{\\mathbf{B}} = 0 ( \\star )$$').math,
    );
    expect(signature('$$x \\text{.}$$').math).toEqual(signature('$$x .$$').math);
    // A dot accent is not a dot operator over the letter, nor is a bold zero a plain one.
    expect(signature('$\\dot{x}$').math).not.toEqual(signature('$\\overset{\\cdot}{x}$').math);
    expect(signature('$\\vec{\\mathbf{0}}$').math).not.toEqual(signature('$\\vec{0}$').math);
    expect(signature('$x \\text{if}$').math).not.toEqual(signature('$x if$').math);
  });

  it('reads a header-less table written with the empty header row GFM requires as its cells alone', () => {
    const withEmptyHeader = signature('|  |  |\n| --- | --- |\n| a | b |\n| 1 | 2 |');
    const firstRowAsHeader = signature('| a | b |\n| --- | --- |\n| 1 | 2 |');
    expect(withEmptyHeader.tables).toEqual(firstRowAsHeader.tables);
    // A blank cell inside a header that has text is a cell, as is a blank row of the body.
    expect(signature('|  | b |\n| --- | --- |\n| 1 | 2 |').tables).toEqual(['', 'b', '1', '2']);
    expect(signature('| a | b |\n| --- | --- |\n|  |  |\n| 1 | 2 |').tables).toHaveLength(6);
  });

  it('reads TeX that differs only in braces, spacing and sizing as the same formula', () => {
    const expected = signature('$$\\sigma_{group} = \\left(x^{2}\\right) \\\\ y$$');
    const respelled = signature('$${\\sigma}_{\\mathrm{group}} = (x^2)\\\\y$$');
    const otherRow = signature('$${\\sigma}_{\\mathrm{group}} = (x^2) y$$');
    expect(respelled.math).toEqual(expected.math);
    expect(otherRow.math).not.toEqual(expected.math);
  });

  it('notices math rendered as plain text', () => {
    expect(differingParts(signature('$E=mc^2$'), signature('E=mc^2'))).toEqual(['math']);
  });
});

describe('stripMetadataBlock', () => {
  it('removes the leading JSON metadata of a Defuddle expected file', () => {
    const file = '```json\n{\n  "title": "T"\n}\n```\n\nBody text\n\n```json\n{}\n```\n';
    expect(stripMetadataBlock(file)).toBe('Body text\n\n```json\n{}\n```');
  });
});

describe('categoryOf', () => {
  it('reads the category before "--", and marks names without one', () => {
    expect(categoryOf('codeblocks--stripe')).toBe('codeblocks');
    expect(categoryOf('author-share-widget')).toBe('(none)');
  });
});

describe('rule audit', () => {
  const edits = {
    'codeblocks--x': [{ find: '```c\nnode a.js', replace: '```\nnode a.js', why: 'no mark' }],
  };

  it('scores a fixture against its expected note as the audit corrects it', () => {
    const note = 'Run:\n\n```c\nnode a.js\n```';
    const audited = auditedExpected('codeblocks--x', note, edits);
    expect(audited).toBe('Run:\n\n```\nnode a.js\n```');
    const clipped = signature('Run:\n\n```\nnode a.js\n```');
    expect(differingParts(signature(note), clipped)).toEqual(['codeBlocks']);
    expect(differingParts(signature(audited as string), clipped)).toEqual([]);
    expect(auditedExpected('codeblocks--y', note, edits)).toBeUndefined();
  });

  it('refuses an edit whose text is not in the expected note exactly once', () => {
    expect(() => auditedExpected('codeblocks--x', 'no code here', edits)).toThrow(/exactly once/);
    expect(() =>
      auditedExpected('codeblocks--x', '```c\nnode a.js\n```\n\n```c\nnode a.js\n```', edits),
    ).toThrow(/exactly once/);
  });

  it('gives every correction the reason the page shows it', () => {
    const fixtures = Object.entries(rulesAudit());
    expect(fixtures.length).toBeGreaterThan(0);
    for (const [, fixes] of fixtures) {
      for (const fix of fixes) {
        expect(fix.why.length).toBeGreaterThan(40);
        expect(fix.find).not.toBe(fix.replace);
      }
    }
  });
});
