import ts from 'typescript';

/**
 * English left in a component's markup: JSX text, a user-visible attribute given a literal
 * (`aria-label="Tags"`), and a literal shown through an expression (`{busy ? 'Saving…' : …}`).
 * A message key passed to `t(…)` is a call argument, not shown, so it is not counted.
 */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'hint',
  'warning',
  'error',
  'saveLabel',
]);

/** Words that are the same in every language: the product's name, a key's printed name. */
const UNTRANSLATED = new Set(['Clipdeck', 'Ctrl+Enter']);

function hasWords(text: string): boolean {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return /\p{L}{2,}/u.test(trimmed) && !UNTRANSLATED.has(trimmed);
}

/** Literals an expression can evaluate to, through ?:, && / ||, ?? and parentheses only. */
function shownLiterals(node: ts.Expression): ts.Node[] {
  if (ts.isParenthesizedExpression(node)) return shownLiterals(node.expression);
  if (ts.isConditionalExpression(node)) {
    return [...shownLiterals(node.whenTrue), ...shownLiterals(node.whenFalse)];
  }
  if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind;
    if (
      operator === ts.SyntaxKind.AmpersandAmpersandToken ||
      operator === ts.SyntaxKind.BarBarToken ||
      operator === ts.SyntaxKind.QuestionQuestionToken
    ) {
      return [...shownLiterals(node.left), ...shownLiterals(node.right)];
    }
    if (operator === ts.SyntaxKind.PlusToken) return [node];
    return [];
  }
  if (
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isTemplateExpression(node)
  ) {
    return [node];
  }
  return [];
}

function parseTsx(fileName: string, source: string): ts.SourceFile {
  return ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

export interface Literal {
  line: number;
  text: string;
}

export function englishInMarkup(fileName: string, source: string): Literal[] {
  const file = parseTsx(fileName, source);
  const found: Literal[] = [];
  const report = (node: ts.Node, text: string) => {
    if (!hasWords(text)) return;
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    found.push({ line, text: text.replace(/\s+/g, ' ').trim() });
  };
  // A template's own words, not what its placeholders fill in.
  const literalText = (node: ts.Node): string => {
    if (ts.isTemplateExpression(node)) {
      return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
    }
    if (ts.isBinaryExpression(node)) return node.getText(file);
    return (node as ts.StringLiteral).text;
  };

  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const literal of shownLiterals(node.expression)) report(literal, literalText(literal));
    }
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(file))) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) report(value, value.text);
      if (value && ts.isJsxExpression(value) && value.expression) {
        for (const literal of shownLiterals(value.expression))
          report(literal, literalText(literal));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Calls whose string arguments are message keys or code, never shown as they are. */
const KEY_CALLS = new Set(['t', 'plural', 'richText', 'sendMessage', 'querySelector']);

/** A sentence or label: two words or more, starting with a capital or ending as sentences do. */
function looksLikeSentence(text: string): boolean {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return /\p{L}{2,}\s+\p{L}{2,}/u.test(trimmed) && /^\p{Lu}|[.…:!?]$/u.test(trimmed);
}

/**
 * English sentences anywhere else in a component: a table of strings (`const STRINGS = { label:
 * 'Comments' }`), a status set in a handler (`setStatus({ text: 'Saved.' })`). Markup scanned by
 * englishInMarkup is left to it; message keys, imports, class names and types are not text.
 */
export function englishSentences(fileName: string, source: string): Literal[] {
  const file = parseTsx(fileName, source);
  const found: Literal[] = [];
  const skipped = (node: ts.Node): boolean => {
    const parent = node.parent;
    if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return true;
    if (ts.isLiteralTypeNode(parent)) return true;
    if (ts.isJsxAttribute(parent)) return true;
    if (ts.isCaseClause(parent)) return true;
    if (ts.isCallExpression(parent)) {
      const callee = parent.expression.getText(file).split('.').pop() ?? '';
      return KEY_CALLS.has(callee);
    }
    return false;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node)) {
      // Markup: englishInMarkup's part (its attributes and shown expressions).
      return;
    }
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      !skipped(node) &&
      looksLikeSentence(node.text) &&
      !UNTRANSLATED.has(node.text.trim())
    ) {
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      found.push({ line, text: node.text.replace(/\s+/g, ' ').trim() });
    }
    if (ts.isTemplateExpression(node) && !skipped(node)) {
      const words = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(
        ' ',
      );
      if (looksLikeSentence(words)) {
        const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
        found.push({ line, text: words.replace(/\s+/g, ' ').trim() });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
