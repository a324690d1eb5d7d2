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
  /^(?:hljs|sourcecode|highlight|prettyprint|code|chroma|shiki|codehilite|brush)$/i;

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
  /(?:^|\s)(?:line-?numbers?(?:-rows)?|linenumbers?|linenos?|lineno|lnt?|gutter|gl|blob-num|hljs-ln-numbers|hljs-ln-n|rouge-gutter|line-?nums?|code-line-number|react-syntax-highlighter-line-number|linenumber)(?:$|\s)/i;

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

function languageFromClass(className: string): string | undefined {
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
  if (words.some((word) => BARE_LANGUAGE_CONTEXT.test(word))) {
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
  return className ? languageFromClass(className) : undefined;
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

/** The block's text with every line break, whatever markup the highlighter used for lines. */
export function codeText(root: Element): string {
  let output = '';
  const endsLine = () => output === '' || output.endsWith('\n');
  const visit = (node: Node, parentHasLines: boolean): void => {
    if (node.nodeType === 3) {
      const text = node.nodeValue ?? '';
      if (parentHasLines && !text.trim()) return;
      output += text;
      return;
    }
    if (node.nodeType !== 1) return;
    const element = node as Element;
    const tag = element.tagName;
    if (tag === 'BR') {
      output += '\n';
      return;
    }
    if (tag === 'BUTTON' || tag === 'STYLE' || tag === 'SCRIPT') return;
    // The block itself may carry a gutter class (Prism's `pre.line-numbers`); only inner ones are gutters.
    if (element !== root && isGutter(element)) return;
    const line = isLineElement(element);
    if (line && !endsLine()) output += '\n';
    const hasLines = Array.from(element.children).some(isLineElement);
    const before = output.length;
    for (const child of Array.from(element.childNodes)) visit(child, hasLines);
    if (line) {
      if (output.length === before) output += '\n';
      else if (!endsLine()) output += '\n';
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
    parent && /^(?:DIV|FIGURE|SPAN|CODE)$/.test(parent.tagName);
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
      /highlight|rouge|lntable|code|gist|blob/i.test(className) && codeCells.length > 0;
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

export function normalizeCodeBlocks(root: Element): void {
  normalizeCodeTables(root);
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    if (!root.contains(pre) || pre.hasAttribute(CODE_ATTRIBUTE)) continue;
    if (pre.parentElement?.closest('pre')) continue;
    removeSiblingGutters(pre);
    const language = detectLanguage(pre);
    removeToolbars(pre, language);
    replaceWithCodeBlock(pre, pre, language);
  }
  // Editors and some highlighters draw code without a pre: a code element holding one element per line.
  for (const code of Array.from(root.querySelectorAll('code'))) {
    if (!root.contains(code) || code.closest('pre')) continue;
    const lines = Array.from(code.children).filter(isLineElement);
    const breaks = code.querySelectorAll('br').length;
    if (lines.length >= 2 || breaks >= 2) replaceWithCodeBlock(code, code, detectLanguage(code));
  }
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
