import { holdsClass, holdsTag, lineText } from '../presence';
import type { InertParser } from './inert';

/**
 * Formulas become `<clipdeck-math data-clipdeck-math="inline|display">TeX</clipdeck-math>` before anything else
 * looks at the page, so the rendered duplicate (MathJax's and KaTeX's HTML output, Wikipedia's
 * fallback image) is gone and the TeX survives Readability, which drops scripts.
 */
export const MATH_ATTRIBUTE = 'data-clipdeck-math';
/** An element of our own: Readability rewrites divs and spans but leaves unknown elements be. */
export const MATH_ELEMENT = 'clipdeck-math';

export type MathDisplay = 'inline' | 'display';

export function mathPlaceholder(doc: Document, tex: string, display: MathDisplay): Element {
  const element = doc.createElement(MATH_ELEMENT);
  element.setAttribute(MATH_ATTRIBUTE, display);
  element.textContent = tex;
  return element;
}

/** Wikipedia and others wrap the TeX in `{\displaystyle …}`. */
function cleanTex(tex: string): string {
  let cleaned = tex.trim();
  const wrapped = /^\{\\(?:displaystyle|textstyle|scriptstyle)\s*([\s\S]*)\}$/.exec(cleaned);
  if (wrapped?.[1] !== undefined) cleaned = wrapped[1].trim();
  return cleaned;
}

const MATHML_OPERATORS: Record<string, string> = {
  '∑': '\\sum',
  '∏': '\\prod',
  '∫': '\\int',
  '∬': '\\iint',
  '∮': '\\oint',
  '∞': '\\infty',
  '≤': '\\leq',
  '≥': '\\geq',
  '≠': '\\neq',
  '±': '\\pm',
  '×': '\\times',
  '÷': '\\div',
  '·': '\\cdot',
  '⋅': '\\cdot',
  '⋆': '\\star',
  '→': '\\to',
  '←': '\\leftarrow',
  '⇒': '\\Rightarrow',
  '⇔': '\\Leftrightarrow',
  '∈': '\\in',
  '∉': '\\notin',
  '⊂': '\\subset',
  '⊆': '\\subseteq',
  '∪': '\\cup',
  '∩': '\\cap',
  '∀': '\\forall',
  '∃': '\\exists',
  '∂': '\\partial',
  '∇': '\\nabla',
  '≈': '\\approx',
  '≡': '\\equiv',
  '∼': '\\sim',
  '…': '\\ldots',
  '⋯': '\\cdots',
  '−': '-',
  // Fences: a bare brace would open a TeX group and vanish from the formula.
  '{': '\\{',
  '}': '\\}',
  '⟨': '\\langle',
  '⟩': '\\rangle',
  '〈': '\\langle',
  '〉': '\\rangle',
  '⌊': '\\lfloor',
  '⌋': '\\rfloor',
  '⌈': '\\lceil',
  '⌉': '\\rceil',
  '‖': '\\|',
  '\u2061': '',
  '\u2062': '',
  '\u2063': '',
};

const GREEK: Record<string, string> = Object.fromEntries(
  [
    ['α', 'alpha'],
    ['β', 'beta'],
    ['γ', 'gamma'],
    ['δ', 'delta'],
    ['ε', 'epsilon'],
    ['ϵ', 'epsilon'],
    ['ζ', 'zeta'],
    ['η', 'eta'],
    ['θ', 'theta'],
    ['ι', 'iota'],
    ['κ', 'kappa'],
    ['λ', 'lambda'],
    ['μ', 'mu'],
    ['ν', 'nu'],
    ['ξ', 'xi'],
    ['π', 'pi'],
    ['ρ', 'rho'],
    ['σ', 'sigma'],
    ['τ', 'tau'],
    ['υ', 'upsilon'],
    ['φ', 'phi'],
    ['ϕ', 'phi'],
    ['χ', 'chi'],
    ['ψ', 'psi'],
    ['ω', 'omega'],
    ['Γ', 'Gamma'],
    ['Δ', 'Delta'],
    ['Θ', 'Theta'],
    ['Λ', 'Lambda'],
    ['Ξ', 'Xi'],
    ['Π', 'Pi'],
    ['Σ', 'Sigma'],
    ['Φ', 'Phi'],
    ['Ψ', 'Psi'],
    ['Ω', 'Omega'],
  ].map(([symbol, name]) => [symbol as string, `\\${name as string}`]),
);

/**
 * Letterlike symbols that name a set or a script letter: NFKC would flatten them to a plain
 * letter (ℝ to R, ℓ to l), so they are read before it.
 */
const LETTERLIKE: Record<string, string> = {
  ℂ: '\\mathbb{C}',
  ℕ: '\\mathbb{N}',
  ℙ: '\\mathbb{P}',
  ℚ: '\\mathbb{Q}',
  ℝ: '\\mathbb{R}',
  ℤ: '\\mathbb{Z}',
  ℓ: '\\ell',
};

function texOfCharacter(character: string): string | undefined {
  return MATHML_OPERATORS[character] ?? GREEK[character] ?? LETTERLIKE[character];
}

/** Splits text around the symbols the maps know, keeping each symbol as a part of its own. */
const KNOWN_SYMBOL = new RegExp(
  `(${[...Object.keys(MATHML_OPERATORS), ...Object.keys(GREEK), ...Object.keys(LETTERLIKE)]
    .map((symbol) => symbol.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&'))
    .join('|')})`,
  'u',
);

function texForText(text: string): string {
  let out = '';
  const write = (character: string) => {
    const mapped = texOfCharacter(character);
    out +=
      mapped === undefined ? character : mapped && /^\\[a-z]/i.test(mapped) ? `${mapped} ` : mapped;
  };
  // A symbol the maps know is read as written: NFKC would turn "…" into "..." and ℝ into R before
  // the lookup saw them. The text between such symbols goes through NFKC (whole, so combining
  // marks still compose), which turns the mathematical italic letters CHTML output uses (𝑧, 𝜎)
  // into plain ones, and is looked up character by character.
  for (const part of text.trim().split(KNOWN_SYMBOL)) {
    if (texOfCharacter(part) !== undefined) write(part);
    else for (const character of part.normalize('NFKC')) write(character);
  }
  return out.trimEnd();
}

const MATH_FUNCTIONS = new Set(
  'sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh log ln lg exp lim max min sup inf det arg deg dim gcd ker hom Pr'.split(
    ' ',
  ),
);

/**
 * A script's base or script as one TeX group. One character or one control word needs no braces,
 * and a big operator must not have them: `{\\prod}_{j}` is an ordinary symbol whose limits sit
 * beside it, `\\prod_{j}` the operator with its limits below and above.
 */
function group(tex: string): string {
  return tex.length === 1 || /^\\[a-zA-Z]+$/.test(tex) || isFencedGroup(tex) ? tex : `{${tex}}`;
}

/** `\left( … \right)` and nothing else: one group already, a script attaches to all of it. */
function isFencedGroup(tex: string): boolean {
  if (!tex.startsWith('\\left') || !/\\right\S+$/.test(tex)) return false;
  return (tex.match(/\\left(?![a-zA-Z])/g) ?? []).length === 1;
}

/**
 * Accents written as <mover>/<munder> with the mark as the script: the TeX command that draws
 * it, instead of a superscript arrow or dot. Both the spacing and the combining forms appear.
 */
const OVER_ACCENTS: Record<string, string> = {
  '^': '\\hat',
  ˆ: '\\hat',
  '\u0302': '\\hat',
  '¯': '\\overline',
  '‾': '\\overline',
  _: '\\overline',
  '\u0305': '\\overline',
  '→': '\\vec',
  '\u20D7': '\\vec',
  '˙': '\\dot',
  '\u0307': '\\dot',
  '.': '\\dot',
  '¨': '\\ddot',
  '\u0308': '\\ddot',
  '~': '\\tilde',
  '˜': '\\tilde',
  '\u0303': '\\tilde',
  ˇ: '\\check',
  '˘': '\\breve',
  '⏞': '\\overbrace',
  '⌢': '\\overgroup',
};
const UNDER_ACCENTS: Record<string, string> = {
  '⏟': '\\underbrace',
  _: '\\underline',
  '¯': '\\underline',
  '‾': '\\underline',
};

const ENCLOSURES: Record<string, string> = {
  top: '\\overline',
  bottom: '\\underline',
  box: '\\boxed',
  roundedbox: '\\boxed',
  updiagonalstrike: '\\cancel',
};

/** The matrix environment TeX has for a table between these delimiters. */
const MATRIX_ENVIRONMENTS: Record<string, string> = {
  '()': 'pmatrix',
  '[]': 'bmatrix',
  '{}': 'Bmatrix',
  '||': 'vmatrix',
  '‖‖': 'Vmatrix',
};

/** An <mtable>'s rows in TeX: cells joined by &, rows by a TeX line break. */
function matrixRows(table: Element): string {
  return Array.from(table.children).map(mathMlToTex).join(' \\\\ ');
}

/**
 * An equation number as MathML carries it: the first cell of an <mlabeledtr>, drawn with its
 * parentheses (MathJax writes `\tag{⋆}` as `(⋆)`). The label without them, in TeX.
 */
function rowLabel(row: Element): string {
  const text = (row.firstElementChild?.textContent ?? '').trim();
  // Braces, dollars and backslashes in a label would end the tag or the formula.
  return texForText(text.replace(/^\(\s*([\s\S]*?)\s*\)$/, '$1').replace(/[$\\{}<>]/g, ''));
}

/**
 * A table of labelled rows (`\tag`, `\label` with numbering) holds the label as a first cell of
 * each row, not a column of the formula. One labelled row is the formula with its `\tag`; in
 * several rows the label follows its row (an aligned block cannot hold `\tag`).
 */
function labelledRows(table: Element, environment: string): string | undefined {
  const rows = Array.from(table.children);
  if (!rows.some((row) => row.localName === 'mlabeledtr')) return undefined;
  const body = (row: Element) =>
    (row.localName === 'mlabeledtr' ? Array.from(row.children).slice(1) : Array.from(row.children))
      .map(mathMlToTex)
      .join(' & ');
  const [only] = rows;
  if (rows.length === 1 && only) {
    const label = rowLabel(only);
    return `${body(only)}${label ? ` \\tag{${label}}` : ''}`;
  }
  const lines = rows.map((row) => {
    const label = row.localName === 'mlabeledtr' ? rowLabel(row) : '';
    return `${body(row)}${label ? ` \\qquad (${label})` : ''}`;
  });
  return `\\begin{${environment}} ${lines.join(' \\\\ ')} \\end{${environment}}`;
}

/** <mrow><mo>(</mo><mtable>…</mtable><mo>)</mo></mrow>: \begin{pmatrix}, as it was written. */
function delimitedMatrix(children: Element[]): string | undefined {
  const [open, table, close] = children;
  if (children.length !== 3 || !open || !table || !close) return undefined;
  if (open.localName !== 'mo' || close.localName !== 'mo' || table.localName !== 'mtable')
    return undefined;
  const environment =
    MATRIX_ENVIRONMENTS[`${(open.textContent ?? '').trim()}${(close.textContent ?? '').trim()}`];
  if (!environment) return undefined;
  return `\\begin{${environment}} ${matrixRows(table)} \\end{${environment}}`;
}

const OPENING_FENCES = new Set(['(', '[', '{', '⟨', '〈', '⌊', '⌈', '|', '‖']);
const CLOSING_FENCES = new Set([')', ']', '}', '⟩', '〉', '⌋', '⌉', '|', '‖']);

const fenceText = (element: Element | undefined) =>
  element?.localName === 'mo' && element.getAttribute('stretchy')?.trim() !== 'false'
    ? (element.textContent ?? '').trim()
    : '';

/**
 * A row that opens and closes with fences, `<mrow><mo>(</mo> … <mo>)</mo></mrow>`, is drawn with
 * the fences grown to the height of what they hold: MathML's fences stretch unless marked
 * `stretchy="false"` (as TeX's plain parentheses are, when MathJax or texvc write MathML). In TeX
 * that is `\left( … \right)`; plain parentheses around a sum with limits or a fraction would
 * stay small. Only a pair that belongs together: `(a)(b)` is two groups, not one.
 */
function stretchyFences(children: Element[]): string | undefined {
  if (children.length < 3) return undefined;
  const open = fenceText(children[0]);
  const close = fenceText(children[children.length - 1]);
  if (!OPENING_FENCES.has(open) || !CLOSING_FENCES.has(close)) return undefined;
  const inner = children.slice(1, -1);
  let depth = 0;
  for (const child of inner) {
    if (child.localName !== 'mo') continue;
    const text = (child.textContent ?? '').trim();
    if (text === '|' || text === '‖') continue;
    if (OPENING_FENCES.has(text)) depth += 1;
    else if (CLOSING_FENCES.has(text)) depth -= 1;
    if (depth < 0) return undefined;
  }
  if (depth !== 0) return undefined;
  const body = inner.map(mathMlToTex).join(' ').replace(/\s+/g, ' ').trim();
  return `\\left${texForText(open)} ${body} \\right${texForText(close)}`;
}

/** The TeX font command of a MathML `mathvariant` (bold vectors, blackboard sets…). */
const MATH_VARIANTS: Record<string, string> = {
  bold: '\\mathbf',
  'double-struck': '\\mathbb',
  fraktur: '\\mathfrak',
  script: '\\mathcal',
  'sans-serif': '\\mathsf',
  monospace: '\\mathtt',
};

function styled(element: Element, tex: string): string {
  const command = MATH_VARIANTS[(element.getAttribute('mathvariant') ?? '').trim()];
  return command && tex ? `${command}{${tex}}` : tex;
}

/** A best-effort MathML → TeX for pages that ship MathML without a TeX annotation. */
export function mathMlToTex(element: Element): string {
  const children = Array.from(element.children);
  const kids = () => children.map(mathMlToTex);
  const local = element.localName.toLowerCase();
  // MathJax 3's CHTML output without assistive MathML mirrors MathML as <mjx-…> elements.
  const chtml = local.startsWith('mjx-');
  const tag = local.replace(/^mjx-/, '');
  if (chtml) {
    const chtmlTex = chtmlToTex(element, tag);
    if (chtmlTex !== undefined) return chtmlTex;
  }
  if (tag === 'mrow') {
    const matrix = delimitedMatrix(children);
    if (matrix) return matrix;
    if (!chtml) {
      const fenced = stretchyFences(children);
      if (fenced) return fenced;
    }
  }
  switch (tag) {
    case 'math':
    case 'mrow':
    case 'mstyle':
    case 'mpadded':
    case 'mphantom':
    case 'semantics':
      return kids().join(' ').replace(/\s+/g, ' ').trim();
    case 'annotation':
    case 'annotation-xml':
      return '';
    case 'mi': {
      const name = (element.textContent ?? '').trim();
      if (MATH_FUNCTIONS.has(name)) return `\\${name}`;
      return styled(
        element,
        name.length > 1 && /^[A-Za-z]+$/.test(name) ? `\\mathrm{${name}}` : texForText(name),
      );
    }
    case 'mn':
      return styled(element, texForText(element.textContent ?? ''));
    case 'mo':
      return texForText(element.textContent ?? '');
    case 'mtext':
      return `\\text{${(element.textContent ?? '').trim()}}`;
    case 'mspace':
      return '\\ ';
    case 'msup': {
      const [base, sup] = kids();
      return `${group(base ?? '')}^${group(sup ?? '')}`;
    }
    case 'msub': {
      const [base, sub] = kids();
      return `${group(base ?? '')}_${group(sub ?? '')}`;
    }
    case 'msubsup': {
      const [base, sub, sup] = kids();
      return `${group(base ?? '')}_${group(sub ?? '')}^${group(sup ?? '')}`;
    }
    case 'mover':
    case 'munder': {
      const [base, script] = kids();
      const accent = (tag === 'mover' ? OVER_ACCENTS : UNDER_ACCENTS)[
        (children[1]?.textContent ?? '').trim()
      ];
      if (accent) return `${accent}{${base ?? ''}}`;
      return `${group(base ?? '')}${tag === 'mover' ? '^' : '_'}${group(script ?? '')}`;
    }
    case 'munderover': {
      const [base, under, over] = kids();
      return `${group(base ?? '')}_${group(under ?? '')}^${group(over ?? '')}`;
    }
    case 'mfrac': {
      const [numerator, denominator] = kids();
      // No bar (a binomial coefficient's "n over k"): a fraction would draw one.
      if (/^0(?:\.0*)?(?:[a-z]{2})?$/.test((element.getAttribute('linethickness') ?? '').trim()))
        return `\\genfrac{}{}{0pt}{}{${numerator ?? ''}}{${denominator ?? ''}}`;
      return `\\frac{${numerator ?? ''}}{${denominator ?? ''}}`;
    }
    case 'msqrt':
      return `\\sqrt{${kids().join(' ')}}`;
    case 'mroot': {
      const [base, index] = kids();
      return `\\sqrt[${index ?? ''}]{${base ?? ''}}`;
    }
    case 'mfenced': {
      const open = element.getAttribute('open') ?? '(';
      const close = element.getAttribute('close') ?? ')';
      // An empty fence is TeX's `.`, the invisible delimiter `\left`/`\right` still need.
      const fence = (text: string) => (text.trim() ? texForText(text) : '.');
      return `\\left${fence(open)} ${kids().join(', ')} \\right${fence(close)}`;
    }
    case 'mtable': {
      // Columns aligned right, left, right, left…: how TeX lays out `aligned` equations (and how
      // MathJax writes them back); a matrix would centre every column.
      // `right center left` is eqnarray's layout, which `aligned` draws with the same columns.
      const environment = /^right\b.*\bleft\b/.test(
        (element.getAttribute('columnalign') ?? '').trim(),
      )
        ? 'aligned'
        : 'matrix';
      return (
        labelledRows(element, environment) ??
        `\\begin{${environment}} ${matrixRows(element)} \\end{${environment}}`
      );
    }
    case 'menclose': {
      const command = ENCLOSURES[(element.getAttribute('notation') ?? '').trim()];
      const body = kids().join(' ');
      return command ? `${command}{${body}}` : body;
    }
    case 'mtr':
    case 'mlabeledtr':
      return kids().join(' & ');
    case 'mtd':
      return kids().join(' ');
    default:
      return children.length > 0 ? kids().join(' ') : texForText(element.textContent ?? '');
  }
}

/** The CHTML elements whose layout differs from their MathML namesake. */
function chtmlToTex(element: Element, tag: string): string | undefined {
  const child = (selector: string) => element.querySelector(`:scope > ${selector}`);
  switch (tag) {
    case 'c':
      return texForText(element.textContent ?? '');
    case 'nstrut':
    case 'dstrut':
    case 'line':
    case 'spacer':
    case 'surd':
      return '';
    case 'mfrac': {
      const numerator = element.querySelector('mjx-num');
      const denominator = element.querySelector('mjx-den');
      if (!numerator || !denominator) return undefined;
      return `\\frac{${mathMlToTex(numerator).trim()}}{${mathMlToTex(denominator).trim()}}`;
    }
    case 'msqrt': {
      const box = element.querySelector('mjx-box');
      return box ? `\\sqrt{${mathMlToTex(box)}}` : undefined;
    }
    case 'munderover':
    case 'munder':
    case 'mover': {
      const base = element.querySelector('mjx-base');
      if (!base) return undefined;
      const under = element.querySelector('mjx-under');
      const over = element.querySelector('mjx-over');
      return `${group(mathMlToTex(base))}${under ? `_${group(mathMlToTex(under))}` : ''}${over ? `^${group(mathMlToTex(over))}` : ''}`;
    }
    case 'msubsup': {
      const base = element.firstElementChild;
      const script = child('mjx-script');
      const parts = script
        ? Array.from(script.children).filter((part) => part.localName !== 'mjx-spacer')
        : [];
      if (!base || parts.length < 2) return undefined;
      return `${group(mathMlToTex(base))}_${group(mathMlToTex(parts[1] as Element))}^${group(mathMlToTex(parts[0] as Element))}`;
    }
    default:
      return undefined;
  }
}

function texFromMathElement(math: Element): string {
  const annotation = math.querySelector(
    'annotation[encoding="application/x-tex" i], annotation[encoding="TeX" i]',
  );
  const annotated = annotation?.textContent?.trim();
  if (annotated) return cleanTex(annotated);
  const alttext = math.getAttribute('alttext')?.trim();
  if (alttext) return cleanTex(alttext);
  // Editors that render with Temml or their own code keep the source on the math's wrapper.
  const wrapper = math.parentElement;
  const source = ['data-entry', 'data-tex', 'data-latex']
    .map((name) => wrapper?.getAttribute(name)?.trim())
    .find(Boolean);
  if (source && wrapper?.children.length === 1) return cleanTex(source);
  return mathMlToTex(math);
}

function displayOfMath(math: Element, fallback: MathDisplay): MathDisplay {
  const display = math.getAttribute('display') ?? math.getAttribute('mode');
  if (display === 'block' || display === 'display') return 'display';
  if (display === 'inline') return 'inline';
  return fallback;
}

/** MathJax 2 keeps the source in `<script type="math/tex">`, after its rendered output. */
function replaceMathJax2Scripts(root: Element, parseInert: InertParser): void {
  for (const script of Array.from(
    root.querySelectorAll(
      'script[type^="math/tex" i], script[type^="math/asciimath" i], script[type^="math/mml" i]',
    ),
  )) {
    const type = script.getAttribute('type') ?? '';
    const display: MathDisplay = /mode\s*=\s*display/i.test(type) ? 'display' : 'inline';
    let tex = (script.textContent ?? '').trim();
    if (/math\/mml/i.test(type)) {
      const math = parseInert(tex).querySelector('math');
      tex = math ? texFromMathElement(math) : '';
    }
    let previous = script.previousElementSibling;
    while (previous && /(?:^|\s)(?:MathJax|MJX)/.test(previous.getAttribute('class') ?? '')) {
      const stale = previous;
      previous = previous.previousElementSibling;
      stale.remove();
    }
    script.replaceWith(mathPlaceholder(script.ownerDocument, tex, display));
  }
}

/** MathJax 3: `<mjx-container>` with the rendering and, usually, assistive MathML inside. */
function replaceMathJax3(root: Element): void {
  for (const container of Array.from(root.querySelectorAll('mjx-container'))) {
    if (!root.contains(container)) continue;
    const math = container.querySelector('math');
    const dataTex =
      container.getAttribute('data-latex') ??
      container.querySelector('[data-latex]')?.getAttribute('data-latex');
    const rendered = container.querySelector('mjx-math');
    let tex = '';
    if (dataTex) tex = cleanTex(dataTex);
    else if (math) tex = texFromMathElement(math);
    else if (rendered) tex = mathMlToTex(rendered);
    const display: MathDisplay =
      container.getAttribute('display') === 'true' ? 'display' : 'inline';
    if (tex) container.replaceWith(mathPlaceholder(root.ownerDocument, tex, display));
    else container.remove();
  }
}

/** KaTeX: `.katex` holds `.katex-mathml` (with the TeX annotation) and `.katex-html`. */
function replaceKatex(root: Element): void {
  for (const katex of Array.from(root.querySelectorAll('.katex, .katex-display'))) {
    if (!root.contains(katex)) continue;
    const outer = katex.classList.contains('katex-display')
      ? katex
      : (katex.closest('.katex-display') ?? katex);
    const math = outer.querySelector('math');
    const dataTex =
      outer.getAttribute('data-math') ??
      outer.getAttribute('data-latex') ??
      outer.parentElement?.getAttribute('data-math');
    const tex = dataTex ? cleanTex(dataTex) : math ? texFromMathElement(math) : '';
    if (!tex) continue;
    const display: MathDisplay =
      outer.classList.contains('katex-display') || math?.getAttribute('display') === 'block'
        ? 'display'
        : 'inline';
    outer.replaceWith(mathPlaceholder(root.ownerDocument, tex, display));
  }
}

/** Wikipedia: a hidden MathML copy beside a fallback image whose alt is the TeX. */
function replaceWikipediaMath(root: Element): void {
  for (const element of Array.from(root.querySelectorAll('.mwe-math-element'))) {
    if (!root.contains(element)) continue;
    const math = element.querySelector('math');
    const image = element.querySelector(
      'img.mwe-math-fallback-image-inline, img.mwe-math-fallback-image-display, img',
    );
    const tex = math ? texFromMathElement(math) : cleanTex(image?.getAttribute('alt') ?? '');
    const display: MathDisplay =
      (math && displayOfMath(math, 'inline') === 'display') ||
      element.querySelector('.mwe-math-fallback-image-display, .mwe-math-mathml-display')
        ? 'display'
        : 'inline';
    if (tex) element.replaceWith(mathPlaceholder(root.ownerDocument, tex, display));
  }
}

/** Any other MathML (Temml, MathJax's MathML output, hand-written pages). */
function replaceMathMl(root: Element): void {
  for (const math of Array.from(root.querySelectorAll('math'))) {
    if (!root.contains(math) || math.closest(`[${MATH_ATTRIBUTE}]`)) continue;
    const tex = texFromMathElement(math);
    const display = displayOfMath(math, 'inline');
    if (tex) math.replaceWith(mathPlaceholder(root.ownerDocument, tex, display));
  }
}

/** TeX looks like this: a command (\\frac, \\operatorname) and a group or script. */
const LOOKS_LIKE_TEX = /\\[A-Za-z]{2,}/;
const TEX_STRUCTURE = /[{}^_]/;

function looksLikeTex(text: string): boolean {
  return LOOKS_LIKE_TEX.test(text) && TEX_STRUCTURE.test(text);
}

/**
 * The TeX an image of a formula carries: the alt of a rendering service's image (or of any image
 * whose alt is plainly TeX), else the TeX in its URL (query or last path segment).
 */
function texOfImage(image: Element): string {
  const src = image.getAttribute('src') ?? '';
  const className = image.getAttribute('class') ?? '';
  const alt = image.getAttribute('alt')?.trim() ?? '';
  // Most images are photos: only a service's URL, a TeX-like alt or an encoded backslash in the
  // address (%5C) is worth a closer look.
  const fromService =
    /latex\.codecogs\.com|\/chart\?cht=tx|mathtex|latex\.php|s0\.wp\.com\/latex\.php|quicklatex/i.test(
      src,
    ) || /\blatex\b|\btex\b/i.test(className);
  if (alt && (fromService || looksLikeTex(alt))) return alt;
  if (!fromService && !/%5C/i.test(src)) return '';
  let url: URL;
  try {
    url = new URL(src, image.ownerDocument.baseURI);
  } catch {
    return '';
  }
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return '';
    }
  };
  if (fromService)
    return (
      url.searchParams.get('chl') ?? url.searchParams.get('latex') ?? decode(url.search.slice(1))
    );
  // A formula service of the site's own: /formula/%5Cfrac%7Bm%7D%7Bv%7D.
  const lastSegment = decode(url.pathname.split('/').pop() ?? '');
  return looksLikeTex(lastSegment) && !/\.(?:png|svg|gif|jpe?g|webp)$/i.test(lastSegment)
    ? lastSegment
    : '';
}

/** Images from LaTeX rendering services carry the TeX in their alt or their URL. */
function replaceLatexImages(root: Element): void {
  for (const image of Array.from(root.querySelectorAll('img'))) {
    const tex = texOfImage(image);
    if (!tex) continue;
    const display: MathDisplay =
      image.parentElement &&
      (image.parentElement.textContent ?? '').trim() === '' &&
      image.parentElement.children.length === 1
        ? 'display'
        : 'inline';
    image.replaceWith(
      mathPlaceholder(root.ownerDocument, cleanTex(tex.replace(/^\$+|\$+$/g, '')), display),
    );
  }
}

/** An equation number beside a displayed formula: `(1)`, `(2.3a)`, `(*)`. */
const EQUATION_NUMBER = /^\(\s*([^()\s$\\{}<>]{1,12})\s*\)$/;

/**
 * The formula and number of an equation row, or undefined when the row holds anything else
 * (prose, or, outside an equation table of LaTeXML's, a second formula: two formulas side by side
 * in a plain table are a table of formulas, a reader's data).
 */
function equationOfRow(row: HTMLTableRowElement, pieces: boolean): string | undefined | null {
  const formulas: string[] = [];
  let number = '';
  for (const cell of Array.from(row.cells)) {
    const maths = Array.from(cell.querySelectorAll(MATH_ELEMENT));
    if (maths.length > 0) {
      const rest = cell.cloneNode(true) as Element;
      for (const math of Array.from(rest.querySelectorAll(MATH_ELEMENT))) math.remove();
      if ((rest.textContent ?? '').trim() || rest.querySelector('img, table')) return undefined;
      formulas.push(...maths.map((math) => (math.textContent ?? '').trim()));
      continue;
    }
    if (cell.querySelector('img, table')) return undefined;
    const text = lineText(cell);
    if (!text) continue;
    const numbered = EQUATION_NUMBER.exec(text);
    if (!numbered?.[1] || number) return undefined;
    number = numbered[1];
  }
  if (formulas.length === 0) return number ? undefined : null;
  if (formulas.length > 1 && !pieces) return undefined;
  return `${formulas.join(' ')}${number ? ` \\tag{${number}}` : ''}`;
}

/**
 * Displayed equations laid out in a table: the formula in a middle cell, padding cells around it
 * and the equation number in the last (LaTeXML, which renders arXiv's HTML papers and many
 * course notes, and hand-made pages that number their equations). A GFM table would put the
 * formula in a cell and break display math; each row becomes a displayed formula with its number
 * as `\tag`. LaTeXML splits an aligned equation's sides into cells of one row: those are joined.
 */
function unwrapEquationTables(root: Element): void {
  for (const table of Array.from(root.querySelectorAll('table'))) {
    if (!root.contains(table) || !table.querySelector(MATH_ELEMENT)) continue;
    if (table.querySelector('table, th, caption')) continue;
    const pieces = /\bltx_eqn_table\b|\bltx_equation/.test(table.getAttribute('class') ?? '');
    const equations: string[] = [];
    let plain = true;
    for (const row of Array.from(table.rows)) {
      const equation = equationOfRow(row, pieces);
      if (equation === undefined) {
        plain = false;
        break;
      }
      if (equation) equations.push(equation);
    }
    if (!plain || equations.length === 0) continue;
    const doc = table.ownerDocument;
    table.replaceWith(
      ...equations.map((tex) => {
        const block = doc.createElement('div');
        block.append(mathPlaceholder(doc, tex, 'display'));
        return block;
      }),
    );
  }
}

const MATH_TAGS = ['math', 'mjx-container'];
const MATH_CLASSES = [
  'katex',
  'katex-display',
  'mwe-math-element',
  'MathJax_Preview',
  'MJX_Assistive_MathML',
];

/** Whether the page holds any formula markup the passes below handle. */
function holdsMathMarkup(root: Element): boolean {
  return (
    holdsTag(root, MATH_TAGS) ||
    holdsClass(root, MATH_CLASSES) ||
    root.querySelector('script[type^="math/" i]') !== null
  );
}

export function normalizeMath(root: Element, parseInert: InertParser): void {
  replaceLatexImages(root);
  // Most pages have no formulas: one check spares every pass below.
  if (!holdsMathMarkup(root)) return;
  replaceMathJax2Scripts(root, parseInert);
  replaceMathJax3(root);
  replaceKatex(root);
  replaceWikipediaMath(root);
  replaceMathMl(root);
  unwrapEquationTables(root);
  // Leftover renderings whose source was handled above (MathJax 2 previews, assistive copies).
  for (const leftover of Array.from(
    root.querySelectorAll('.MathJax_Preview, .MJX_Assistive_MathML, mjx-assistive-mml'),
  )) {
    leftover.remove();
  }
}
