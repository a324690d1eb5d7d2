/** Parses markup into a document of its own, where nothing runs or loads. */
export type InertParser = (markup: string) => Document;

/**
 * Markup the page keeps as text (a `<noscript>` while scripting is on, MathML in a MathJax 2
 * script) is parsed with DOMParser rather than given to a node's `innerHTML`, which store
 * reviewers flag in an extension's code. The parser is the live page's own: the engine works on
 * copies of the page, and a copy has no window to take one from.
 */
export function inertParser(page: Document): InertParser {
  const Parser = page.defaultView?.DOMParser ?? DOMParser;
  return (markup) => new Parser().parseFromString(markup, 'text/html');
}
