import { holdsClass, holdsTag } from '../presence';

/**
 * Code blocks arrive in many markups (Prism, highlight.js, GitHub, GitLab, MDN, Stack Overflow,
 * Pygments, Rouge, Chroma, Shiki, CodeMirror…). Before Readability strips classes, each block is
 * rewritten to `<pre data-clipdeck-code data-clipdeck-lang="…">plain text</pre>`: the language is
 * read from wherever the markup keeps it, every line break survives (including `<br>` and one
 * element per line), and line-number gutters are dropped.
 */
export const CODE_ATTRIBUTE = 'data-clipdeck-code';
export const LANGUAGE_ATTRIBUTE = 'data-clipdeck-lang';

const CLASS_LANGUAGE_PATTERNS = [
  /^language-(.+)$/i,
  /^lang-(.+)$/i,
  /^highlight-source-(.+)$/i,
  /^highlight-text-(.+)$/i,
  /^highlight-(.+)$/i,
  /^syntax-(.+)$/i,
  /^sourcecode-(.+)$/i,
];

/** Class words that sit next to a bare language name (`hljs python`, `sourceCode r`, `highlight js`). */
const BARE_LANGUAGE_CONTEXT =
  /^(?:hljs|hl|sourcecode|highlight|prettyprint|code|chroma|shiki|codehilite|brush|syntaxhighlighter)$/i;

const KNOWN_LANGUAGES = new Set(
  (
    'js javascript mjs cjs ts typescript jsx tsx python py python3 ruby rb go golang rust rs java kotlin kt ' +
    'swift c h cpp c++ cc hpp csharp cs c# fsharp fs php bash sh shell zsh fish console shell-session ' +
    'powershell ps1 bat cmd sql mysql postgresql psql plsql html xml xhtml svg css scss sass less json jsonc ' +
    'json5 yaml yml toml ini conf properties markdown md diff patch dockerfile docker makefile make cmake ' +
    'lua perl pl r scala haskell hs elixir ex exs erlang erl clojure clj dart objectivec objc matlab julia ' +
    'groovy gradle vb vbnet zig nim solidity graphql gql latex tex nginx apache lisp scheme racket ocaml ml ' +
    'elm vue svelte astro handlebars hbs twig jinja liquid erb ejs pug haml coffeescript coffee crystal d ' +
    'fortran cobol pascal delphi ada prolog verilog vhdl asm nasm x86asm wasm wat protobuf proto thrift ' +
    'terraform hcl nix lean lean4 coq agda idris purescript reason rescript awk sed tcl vim viml regex ' +
    'csv tsv http text plaintext txt'
  ).split(' '),
);

/** Names that mean "no particular language". */
const NO_LANGUAGE = new Set([
  'text',
  'plaintext',
  'plain',
  'txt',
  'none',
  'nohighlight',
  'no-highlight',
  'output',
  'default',
]);

/** Words that the class patterns above catch but that are not languages. */
const NOT_A_LANGUAGE =
  /^(?:js-.*|source|text|none|\d+|line.*|block|container|wrapper|header|inline|code|copy.*|numbers?|toolbar|theme.*|dark|light|github.*|monokai|dracula|nord|one-?dark|solarized.*|notranslate|highlighter-rouge|table|lines?|wrap|position-relative|overflow-auto|plain)$/i;

const GUTTER_CLASS =
  /(?:^|\s)(?:line-?numbers?(?:-rows)?|linenumbers?|linenos?|lineno|lnt?|gutter|gl|blob-num|hljs-ln-numbers|hljs-ln-n|rouge-gutter|line-?nums?|code-line-number|react-syntax-highlighter-line-number|linenumber|crayon-nums|CodeMirror-gutter-wrapper)(?:$|\s)/i;

const LINE_CLASS =
  /(?:^|\s)(?:line|code-line|cm-line|ace_line|view-line|token-line|highlight-line|hljs-ln-line|hljs-ln-code|CodeMirror-line)(?:$|\s)/;

const BLOCK_LINE_TAGS = new Set(['DIV', 'P', 'LI', 'TR']);

function normalizeLanguage(raw: string): string | undefined {
  let language = raw.trim().toLowerCase().replace(/[;,]$/, '');
  if (language.startsWith('html-')) language = 'html';
  if (language === 'shell-session' || language === 'shellsession') language = 'console';
  if (!language || NOT_A_LANGUAGE.test(language)) return undefined;
  return language;
}

function languageFromClass(className: string, bare = false): string | undefined {
  const brush = /brush:\s*([\w#+.-]+)/i.exec(className);
  if (brush?.[1]) return normalizeLanguage(brush[1]);
  const words = className.split(/\s+/).filter(Boolean);
  for (const word of words) {
    for (const pattern of CLASS_LANGUAGE_PATTERNS) {
      const match = pattern.exec(word);
      if (match?.[1]) {
        const language = normalizeLanguage(match[1]);
        if (language) return language;
      }
    }
  }
  if (bare || words.some((word) => BARE_LANGUAGE_CONTEXT.test(word))) {
    for (const word of words) {
      const language = word.toLowerCase();
      if (KNOWN_LANGUAGES.has(language)) return language;
    }
  }
  return undefined;
}

function languageOf(element: Element): string | undefined {
  for (const attribute of [
    'data-lang',
    'data-language',
    'data-code-language',
    // Enlighter (a WordPress highlighter) keeps it on the raw pre it highlights later.
    'data-enlighter-language',
    // Mintlify writes `language="tsx"` on the block and its code.
    'language',
    'lang',
    'data-canonical-lang',
  ]) {
    const value = element.getAttribute(attribute);
    // `lang` on a pre is a language only when it is not a human one (GitLab writes lang="javascript").
    if (attribute === 'lang' && value && !KNOWN_LANGUAGES.has(value.toLowerCase())) continue;
    const language = value ? normalizeLanguage(value) : undefined;
    if (language) return language;
  }
  const className = element.getAttribute('class');
  // On the code itself a language's bare name is its language (rustdoc's `<pre class="rust
  // rust-example-rendered">`, knitr's `<pre class="r">`); on a wrapper it may be anything.
  const bare = element.localName === 'pre' || element.localName === 'code';
  return className ? languageFromClass(className, bare) : undefined;
}

/** Looks at the block, its code children, then a few wrappers up (GitHub, Rouge, Docusaurus, MDN). */
export function detectLanguage(block: Element): string {
  const candidates: Element[] = [block, ...Array.from(block.querySelectorAll('code')).slice(0, 2)];
  let ancestor = block.parentElement;
  for (let depth = 0; ancestor && depth < 3; depth += 1, ancestor = ancestor.parentElement) {
    if (
      ancestor.tagName === 'BODY' ||
      ancestor.tagName === 'ARTICLE' ||
      ancestor.tagName === 'MAIN'
    )
      break;
    candidates.push(ancestor);
  }
  for (const candidate of candidates) {
    const language = languageOf(candidate);
    if (language) return NO_LANGUAGE.has(language) ? '' : language;
  }
  return '';
}

function isGutter(element: Element): boolean {
  const className = element.getAttribute('class') ?? '';
  if (GUTTER_CLASS.test(className)) return true;
  if (
    element.hasAttribute('data-line-number') &&
    !(element.textContent ?? '').replace(/\d+/g, '').trim()
  ) {
    return !LINE_CLASS.test(className);
  }
  return false;
}

function isNumbersOnly(element: Element): boolean {
  const text = element.textContent ?? '';
  return /\d/.test(text) && /^[\d\s]+$/.test(text);
}

function isLineElement(element: Element): boolean {
  return (
    BLOCK_LINE_TAGS.has(element.tagName) || LINE_CLASS.test(element.getAttribute('class') ?? '')
  );
}

const TABLE_STRUCTURE_TAGS = new Set(['TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR']);

/** The block's text with every line break, whatever markup the highlighter used for lines. */
export function codeText(root: Element): string {
  let output = '';
  // An inline line element (`span.line`) does not break the line by itself: Hexo follows each one
  // with a <br>, Chroma ends it with "\n". Its break is owed until one of those arrives, so the
  // line does not end twice.
  let owedBreak = false;
  const endsLine = () => output === '' || output.endsWith('\n');
  const payOwedBreak = () => {
    if (owedBreak) output += '\n';
    owedBreak = false;
  };
  const visit = (node: Node, parentHasLines: boolean): void => {
    if (node.nodeType === 3) {
      const text = node.nodeValue ?? '';
      if (parentHasLines && !text.trim()) return;
      if (!text) return;
      if (owedBreak && /^[ \t]*\n/.test(text)) owedBreak = false;
      else payOwedBreak();
      output += text;
      return;
    }
    if (node.nodeType !== 1) return;
    const element = node as Element;
    const tag = element.tagName;
    if (tag === 'BR') {
      owedBreak = false;
      output += '\n';
      return;
    }
    if (tag === 'BUTTON' || tag === 'STYLE' || tag === 'SCRIPT') return;
    // The block itself may carry a gutter class (Prism's `pre.line-numbers`); only inner ones are gutters.
    if (element !== root && isGutter(element)) return;
    const line = isLineElement(element);
    const inlineLine = line && !BLOCK_LINE_TAGS.has(tag);
    if (line) {
      payOwedBreak();
      if (!endsLine()) output += '\n';
    }
    // Whitespace between table rows and cells is source formatting, never code.
    const hasLines =
      TABLE_STRUCTURE_TAGS.has(tag) || Array.from(element.children).some(isLineElement);
    const before = output.length;
    for (const child of Array.from(element.childNodes)) visit(child, hasLines);
    if (inlineLine) {
      if (output.length === before || !endsLine()) owedBreak = true;
    } else if (line) {
      payOwedBreak();
      if (output.length === before || !endsLine()) output += '\n';
    }
  };
  visit(root, false);
  return output
    .replace(/^(?:[ \t]*\n)+/, '')
    .replace(/\s+$/, '')
    .replace(/\u00a0/g, ' ');
}

function replaceWithCodeBlock(target: Element, textSource: Element, language: string): void {
  const doc = target.ownerDocument;
  const pre = doc.createElement('pre');
  pre.setAttribute(CODE_ATTRIBUTE, '');
  if (language) pre.setAttribute(LANGUAGE_ATTRIBUTE, language);
  pre.textContent = codeText(textSource);
  target.replaceWith(pre);
  unwrapCodeWrappers(pre);
}

/**
 * Highlighters nest a block in wrappers (div.highlight > div.chroma > pre). Readability scores a
 * block's parent and grandparent, so wrappers cut code off from the prose around it and a short
 * page may lose every block but the richest; the block takes its wrappers' place instead.
 */
function unwrapCodeWrappers(pre: Element): void {
  for (
    let parent = pre.parentElement;
    // A pre too: Rouge writes its line-numbered table inside `pre > code`.
    parent && /^(?:DIV|FIGURE|SPAN|CODE|PRE)$/.test(parent.tagName);
    parent = pre.parentElement
  ) {
    const onlyChild =
      parent.children.length === 1 &&
      (parent.textContent ?? '').trim() === (pre.textContent ?? '').trim();
    if (!onlyChild) return;
    parent.replaceWith(pre);
  }
}

/** Table-based highlighters: a gutter column and a code column, or one row per line. */
function normalizeCodeTables(root: Element): void {
  for (const table of Array.from(root.querySelectorAll('table'))) {
    if (!root.contains(table) || table.closest(`[${CODE_ATTRIBUTE}]`)) continue;
    const className = `${table.getAttribute('class') ?? ''} ${table.parentElement?.getAttribute('class') ?? ''}`;
    const cells = Array.from(table.querySelectorAll('td'));
    const codeCells = cells.filter(
      (cell) =>
        cell.querySelector('pre') ||
        /\b(?:code|blob-code|rouge-code|lntd)\b/.test(cell.getAttribute('class') ?? ''),
    );
    const looksLikeCode =
      /highlight|rouge|lntable|code|gist|blob|crayon/i.test(className) && codeCells.length > 0;
    if (!looksLikeCode) continue;
    const gutterCells = cells.filter(
      (cell) => isGutter(cell) || (cell.querySelector('pre') && isNumbersOnly(cell)),
    );
    for (const gutter of gutterCells) gutter.remove();
    const pre = table.querySelector('pre');
    const language = detectLanguage(table) || (pre ? detectLanguage(pre) : '');
    const rows = table.querySelectorAll('tr');
    replaceWithCodeBlock(
      table,
      rows.length > 1 && !pre ? (table.querySelector('tbody') ?? table) : (pre ?? table),
      language,
    );
  }
}

/** A gutter beside the code: a sibling of the pre that holds only numbers. */
function removeSiblingGutters(pre: Element): void {
  const parent = pre.parentElement;
  if (!parent || parent.children.length > 4) return;
  for (const sibling of Array.from(parent.children)) {
    if (
      sibling !== pre &&
      (isGutter(sibling) || (isNumbersOnly(sibling) && !sibling.querySelector('pre')))
    ) {
      sibling.remove();
    }
  }
}

const TOOLBAR_TEXT =
  /^(?:copy|copy code|copy to clipboard|copied!?|run|edit|play|try it|wrap|raw|expand)$/i;

/** Words of each text node apart: "<span>CSS</span><span>Copy</span>" is two words, not one. */
function textWords(element: Element): string[] {
  const words: string[] = [];
  const walker = element.ownerDocument.createTreeWalker(element, 4);
  for (let node = walker.nextNode(); node && words.length <= 8; node = walker.nextNode()) {
    words.push(...(node.nodeValue ?? '').split(/\s+/).filter(Boolean));
  }
  return words;
}

/**
 * Code toolbars beside the block: a language label (MDN, Prism) or copy buttons. A sibling goes
 * when all its text is the block's language or a toolbar word.
 */
function removeToolbars(block: Element, language: string): void {
  let wrapper = block.parentElement;
  for (let depth = 0; wrapper && depth < 2; depth += 1, wrapper = wrapper.parentElement) {
    if (wrapper.children.length > 4 || /^(?:BODY|ARTICLE|MAIN|SECTION)$/.test(wrapper.tagName))
      return;
    for (const sibling of Array.from(wrapper.children)) {
      if (sibling.contains(block) || sibling.querySelector('pre, code')) continue;
      const words = textWords(sibling);
      const text = words.join(' ');
      const isLabel = (word: string) => TOOLBAR_TEXT.test(word) || word.toLowerCase() === language;
      if (
        words.length > 0 &&
        words.length <= 4 &&
        (TOOLBAR_TEXT.test(text) || words.every(isLabel))
      ) {
        sibling.remove();
      }
    }
  }
}

const NUMBER_ONLY = /^\s*(\d+)\s*$/;

/** A number highlighted as a token of the code (Prism, highlight.js, Chroma, GitHub) is code. */
const NUMBER_TOKEN_CLASS = /(?:^|\s)(?:token|hljs-number|mi|mf|m|il|pl-c1)(?:$|\s)/;

/** The first thing in a line, when it is an element: where a gutter number sits. */
function leadingElement(line: Element): Element | undefined {
  for (const node of Array.from(line.childNodes)) {
    if (node.nodeType === 3 && !(node.nodeValue ?? '').trim()) continue;
    return node.nodeType === 1 && node !== line.lastChild ? (node as Element) : undefined;
  }
  return undefined;
}

/**
 * Gutters without a class: Chroma's inline line numbers (a styled span), Tailwind flex rows
 * (`<div><span>1</span><div>code</div></div>`). Each line starts with an element holding only a
 * number, and the numbers count up one by one; code whose lines happen to start with numbers
 * does not count like that.
 */
function removeNumberedGutters(block: Element): void {
  for (const container of [block, ...Array.from(block.querySelectorAll('*'))]) {
    const lines = Array.from(container.children);
    if (lines.length < 2 || lines.some((line) => line.tagName !== lines[0]?.tagName)) continue;
    const numbers = lines.map((line) => {
      const first = leadingElement(line);
      const isToken = NUMBER_TOKEN_CLASS.test(first?.getAttribute('class') ?? '');
      const match = first && !isToken ? NUMBER_ONLY.exec(first.textContent ?? '') : null;
      return first && match ? { first, value: Number(match[1]) } : undefined;
    });
    const counts = numbers.every(
      (number, index) =>
        number && (index === 0 || number.value === (numbers[index - 1]?.value ?? 0) + 1),
    );
    if (!counts) continue;
    for (const number of numbers) number?.first.remove();
  }
}

/** A line class, or the first of several alike siblings (`div.ec-line`…): a line, not a header. */
function isCodeLine(element: Element): boolean {
  if (LINE_CLASS.test(element.getAttribute('class') ?? '')) return true;
  const next = element.nextElementSibling;
  return (
    !!next &&
    next.tagName === element.tagName &&
    (next.getAttribute('class') ?? '') === (element.getAttribute('class') ?? '')
  );
}

const LABEL_CLASS = /(?:^|[\s_-])(?:header|toolbar|title|label|caption|file-?name)(?:$|[\s_-])/i;

function isLabelWord(word: string, language: string): boolean {
  const lower = word.toLowerCase();
  return (
    TOOLBAR_TEXT.test(word) ||
    lower === language ||
    KNOWN_LANGUAGES.has(lower) ||
    NO_LANGUAGE.has(lower)
  );
}

/**
 * Chrome drawn inside the block, ahead of the code: a header with the language and a copy button
 * (highlight.js themes, ChatGPT), a file name. Only elements before the first character of code
 * are looked at, and only block-level ones or ones holding a button: a token span that reads
 * "python" is code. Returns the language a header names, for blocks whose markup names none.
 */
function removeLeadingChrome(block: Element, language: string): string {
  let named = '';
  const blockText = (block.textContent ?? '').trim();
  const isChrome = (element: Element): boolean => {
    if (element.tagName === 'BUTTON') return true;
    // Chrome sits beside the code: what holds all the block's text (`<code>bash</code>`) is the code.
    if (element.tagName === 'CODE' || (element.textContent ?? '').trim() === blockText)
      return false;
    if (element.querySelector('br') || (element.textContent ?? '').includes('\n')) return false;
    // A line of code drawn as an element per line, however short ("make"), is code.
    if (isCodeLine(element)) return false;
    const blockLevel = element.tagName !== 'SPAN' || !!element.querySelector('button');
    if (!blockLevel) return false;
    const words = textWords(element);
    if (words.length > 6) return false;
    if (words.every((word) => isLabelWord(word, language))) {
      const word = words.find((candidate) => KNOWN_LANGUAGES.has(candidate.toLowerCase()));
      named ||= word ? (normalizeLanguage(word) ?? '') : '';
      return true;
    }
    return words.length <= 2 && LABEL_CLASS.test(element.getAttribute('class') ?? '');
  };
  // True once the first character of code is reached.
  const visit = (parent: Element): boolean => {
    for (const node of Array.from(parent.childNodes)) {
      if (node.nodeType === 3) {
        if ((node.nodeValue ?? '').trim()) return true;
        continue;
      }
      if (node.nodeType !== 1) continue;
      const element = node as Element;
      if (isChrome(element)) element.remove();
      else if (isCodeLine(element) || visit(element)) return true;
    }
    return false;
  };
  visit(block);
  return NO_LANGUAGE.has(named) ? '' : named;
}

/**
 * Whether the page holds anything the passes below rewrite: a pre, code or table element, or an
 * editor or text block drawn without them. Most pages hold none.
 */
function holdsCodeMarkup(root: Element): boolean {
  return (
    holdsTag(root, ['pre', 'code', 'table', 'textarea']) ||
    holdsClass(root, ['cm-editor', 'code-block'])
  );
}

/**
 * A text box the page fills with lines of its own and tells the browser not to spell-check, or
 * not to let the reader change, is code shown in an editor: pkg.go.dev's runnable examples
 * (`<textarea class="Documentation-exampleCode" spellcheck="false">package main…`), playgrounds.
 * The controls go before Readability reads the page, and the example went with them. A form's
 * box is empty, or a reader's words that the browser checks.
 */
function codeInTextBoxes(root: Element): void {
  for (const box of Array.from(root.getElementsByTagName('textarea'))) {
    if (box.getAttribute('spellcheck') !== 'false' && !box.hasAttribute('readonly')) continue;
    const text = box.textContent ?? '';
    if (!/\S[^\S\n]*\n[\s\S]*\S/.test(text)) continue;
    const pre = box.ownerDocument.createElement('pre');
    pre.textContent = text.replace(/^\n/, '').replace(/\s+$/, '');
    box.replaceWith(pre);
  }
}

export function normalizeCodeBlocks(root: Element): void {
  if (!holdsCodeMarkup(root)) return;
  codeInTextBoxes(root);
  mergeVersoFragments(root);
  normalizeCodeMirror5(root);
  normalizeCodeTables(root);
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    if (!root.contains(pre) || pre.hasAttribute(CODE_ATTRIBUTE)) continue;
    if (pre.parentElement?.closest('pre')) continue;
    removeSiblingGutters(pre);
    removeNumberedGutters(pre);
    const markedLanguage = detectLanguage(pre);
    const labelLanguage = removeLeadingChrome(pre, markedLanguage);
    const language = markedLanguage || labelLanguage;
    removeToolbars(pre, language);
    replaceWithCodeBlock(pre, pre, language);
  }
  // Editors and some highlighters draw code without a pre: a code element holding one element per
  // line, lines split by <br>, or a `white-space: pre` style keeping the source's line breaks.
  for (const code of Array.from(root.querySelectorAll('code'))) {
    if (!root.contains(code) || code.closest('pre')) continue;
    const lines = Array.from(code.children).filter(isLineElement);
    const breaks = code.querySelectorAll('br').length;
    const keepsBreaks =
      PRESERVED_WHITESPACE.test(code.getAttribute('style') ?? '') &&
      (code.textContent ?? '').trim().includes('\n');
    if (lines.length >= 2 || breaks >= 2 || keepsBreaks)
      replaceWithCodeBlock(code, code, detectLanguage(code));
  }
  normalizeTextCodeBlocks(root);
  normalizeEditors(root);
}

/**
 * A read-only CodeMirror 6 editor shows code with no pre and no code element: one div.cm-line per
 * line in .cm-content (which names the language in data-language), line numbers in .cm-gutters.
 */
function normalizeEditors(root: Element): void {
  for (const editor of Array.from(root.querySelectorAll('.cm-editor'))) {
    if (!root.contains(editor) || editor.closest(`pre, [${CODE_ATTRIBUTE}]`)) continue;
    const content = editor.querySelector('.cm-content');
    if (!content || !(content.textContent ?? '').trim()) continue;
    replaceWithCodeBlock(editor, content, detectLanguage(content));
  }
}

/**
 * CodeMirror 5 (embedded editors and playgrounds) draws each line as its own
 * `pre.CodeMirror-line` in `.CodeMirror-code`, each after a gutter with its number: one block,
 * not a block per line. Its measuring copies and hidden textarea are not code.
 */
function normalizeCodeMirror5(root: Element): void {
  for (const code of Array.from(root.querySelectorAll('.CodeMirror-code'))) {
    if (!root.contains(code) || code.closest(`[${CODE_ATTRIBUTE}]`)) continue;
    if (!(code.textContent ?? '').trim()) continue;
    const editor = code.closest('.CodeMirror') ?? code;
    replaceWithCodeBlock(editor, code, detectLanguage(editor));
  }
}

const PRESERVED_WHITESPACE = /white-space\s*:\s*(?:pre|pre-wrap|break-spaces)\b/i;

/**
 * Writerside draws a block as `<div class="code-block" data-lang="http">` with the text straight
 * inside (its stylesheet keeps the line breaks), no pre and no code.
 */
function normalizeTextCodeBlocks(root: Element): void {
  // data-lang alone is no sign: sites mark human languages with it (`data-lang="en"`).
  for (const block of Array.from(root.querySelectorAll('div.code-block'))) {
    if (!root.contains(block) || block.closest(`[${CODE_ATTRIBUTE}]`)) continue;
    if (block.querySelector('pre, code, p, div, ul, ol, table, img')) continue;
    if (!(block.textContent ?? '').trim()) continue;
    replaceWithCodeBlock(block, block, detectLanguage(block));
  }
}

/**
 * Verso (Lean's documentation) writes each command as a `code.hl.block` and each answer Lean
 * gives as a `pre.hl`, side by side: one session the reader follows as one block. Hover popups
 * (`.hover-info`) inside them are hidden by the site's stylesheet and are not code.
 */
function mergeVersoFragments(root: Element): void {
  const isFragment = (element: Element | null): element is Element =>
    !!element &&
    element.classList.contains('hl') &&
    (element.tagName === 'PRE' ||
      (element.tagName === 'CODE' && element.classList.contains('block')));
  // Runs are found from their commands: a lone `pre.hl` is another highlighter's (Andre Simon's).
  for (const command of Array.from(root.querySelectorAll('code.hl.block'))) {
    if (!root.contains(command) || command.parentElement?.closest('pre, code')) continue;
    let start = command;
    for (
      let previous = start.previousElementSibling;
      isFragment(previous) && onlySpaceBetween(previous, start);
      previous = start.previousElementSibling
    ) {
      start = previous;
    }
    const run = [start];
    for (
      let next = start.nextElementSibling;
      isFragment(next) && onlySpaceBetween(run[run.length - 1] as Element, next);
      next = next.nextElementSibling
    ) {
      run.push(next);
    }
    const language = run.map(detectLanguage).find(Boolean) ?? '';
    const text = run
      .map(fragmentText)
      .join('')
      .replace(/^(?:[ \t]*\n)+/, '')
      .replace(/\s+$/, '');
    const pre = root.ownerDocument.createElement('pre');
    pre.setAttribute(CODE_ATTRIBUTE, '');
    if (language) pre.setAttribute(LANGUAGE_ATTRIBUTE, language);
    pre.textContent = text;
    start.before(pre);
    for (const fragment of run) fragment.remove();
  }
}

function onlySpaceBetween(first: Element, second: Element): boolean {
  for (let node = first.nextSibling; node && node !== second; node = node.nextSibling) {
    if (node.nodeType === 1 || (node.nodeType === 3 && (node.nodeValue ?? '').trim())) return false;
  }
  return true;
}

/**
 * A fragment's text as written, ending with its line break: fragments are consecutive pieces of
 * one source file, so a fragment that ends "\n\n" leaves a blank line before the next and one
 * that is only "\n" is a blank line. Whitespace around its spans is the page source's indentation.
 */
function fragmentText(fragment: Element): string {
  for (const popup of Array.from(fragment.querySelectorAll('.hover-info, [role="tooltip"]')))
    popup.remove();
  const nodes = Array.from(fragment.childNodes);
  const isSpace = (node: Node | undefined) =>
    node?.nodeType === 3 && !(node.nodeValue ?? '').trim();
  while (isSpace(nodes[0])) nodes.shift();
  while (isSpace(nodes[nodes.length - 1])) nodes.pop();
  const text = nodes
    .map((node) => node.textContent ?? '')
    .join('')
    .replace(/\u00a0/g, ' ');
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** `<code><a href>name</a></code>` becomes a link around code, which Markdown can express. */
export function hoistLinksOutOfInlineCode(root: Element): void {
  for (const code of Array.from(root.querySelectorAll('code'))) {
    if (code.closest('pre')) continue;
    const only = code.children.length === 1 ? code.firstElementChild : null;
    if (
      only?.tagName !== 'A' ||
      (code.textContent ?? '').trim() !== (only.textContent ?? '').trim()
    )
      continue;
    const link = only;
    code.replaceWith(link);
    const inner = code.ownerDocument.createElement('code');
    inner.append(...Array.from(link.childNodes));
    link.appendChild(inner);
  }
}
