/**
 * Data a page carries for its own scripts (`var ytInitialData = {...};`), read as JSON text:
 * never evaluated, so nothing the page wrote runs in the engine.
 */

/** The end of the JSON object that opens at `start`, strings and escapes respected; -1 if none. */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 92 /* \ */) index += 1;
      else if (char === 34 /* " */) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 123 /* { */) depth += 1;
    else if (char === 125 /* } */) {
      depth -= 1;
      if (depth === 0) return index;
    }
  }
  return -1;
}

/** The string literal whose quote is at `start`, unescaped; undefined if it never closes. */
function stringLiteral(text: string, start: number): string | undefined {
  for (let index = start + 1; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === 92 /* \ */) index += 1;
    else if (char === 34 /* " */) {
      const value: unknown = JSON.parse(text.slice(start, index + 1));
      return typeof value === 'string' ? value : undefined;
    }
  }
  return undefined;
}

/**
 * The data assigned to `name` in one of the page's inline scripts, parsed as JSON: an object
 * literal (`name = {...}`, `["name"] = {...}`) or a JSON text in a string
 * (`name = JSON.parse("…")`); undefined when absent or not JSON.
 */
export function scriptAssignment(doc: Document, name: string): unknown {
  const assignment = new RegExp(`${name}["'\\]]*\\s*=\\s*(?:\\{|JSON\\.parse\\(\\s*")`);
  for (const script of Array.from(doc.getElementsByTagName('script'))) {
    if (script.hasAttribute('src')) continue;
    const text = script.textContent ?? '';
    if (!text.includes(name)) continue;
    const match = assignment.exec(text);
    if (!match) continue;
    const start = match.index + match[0].length - 1;
    try {
      if (text[start] === '"') {
        const json = stringLiteral(text, start);
        if (json !== undefined) return JSON.parse(json);
        continue;
      }
      const end = objectEnd(text, start);
      if (end >= 0) return JSON.parse(text.slice(start, end + 1));
    } catch {
      // Not JSON (a script that builds the object): the page's markup is all there is.
    }
  }
  return undefined;
}

/** An attribute holding JSON (`data-attrs`, `data-partnereventstore`), parsed; undefined if not JSON. */
export function attributeJson(element: Element, name: string): unknown {
  try {
    return JSON.parse(element.getAttribute(name) ?? '');
  } catch {
    return undefined;
  }
}

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A script's JSON without the `<![CDATA[ … ]]>` or `<!-- … -->` wrapper that pages written for
 * XHTML parsers put around it (Kinja's and many static-site templates do): browsers hand the
 * wrapper to the script as text, and JSON.parse would reject the whole block.
 */
function unwrapScriptText(text: string): string {
  return text.replace(/^\s*(?:<!\[CDATA\[|<!--)/, '').replace(/(?:\]\]>|-->)\s*$/, '');
}

/**
 * Schema.org objects from every JSON-LD script, in page order, arrays, `@graph` entries and the
 * page's main piece (below) included, at most `limit` of them: the one reader for the page's
 * metadata and the site modules that check it (a YouTube VideoObject, a Substack article).
 */
export function jsonLdObjects(doc: Document, limit = 50): JsonRecord[] {
  const found: JsonRecord[] = [];
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json" i]'))) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(unwrapScriptText(script.textContent ?? ''));
    } catch {
      continue;
    }
    const queue: unknown[] = Array.isArray(parsed) ? [...parsed] : [parsed];
    while (queue.length > 0 && found.length < limit) {
      const item = queue.shift();
      if (Array.isArray(item)) queue.push(...item);
      else if (isRecord(item)) {
        found.push(item);
        if (Array.isArray(item['@graph'])) queue.push(...item['@graph']);
        // The piece a page is about, nested in the page's own object (a WebPage's mainEntity, a
        // Blog's one blogPost on a post's page; a blog's front page lists many, none the page).
        if (isRecord(item.mainEntity)) queue.push(item.mainEntity);
        const posts = item.blogPost;
        if (isRecord(posts)) queue.push(posts);
        else if (Array.isArray(posts) && posts.length === 1) queue.push(posts[0]);
      }
    }
  }
  return found;
}

/** The value at a path of keys, or undefined when any step is missing. */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (Array.isArray(current) && typeof key === 'number') current = current[key];
    else if (isRecord(current) && typeof key === 'string') current = current[key];
    else return undefined;
  }
  return current;
}

/**
 * Every object held under `key` anywhere in the data, in document order. The walk is bounded:
 * page data can be megabytes, and a clip must not wait on it.
 */
export function findAll(value: unknown, key: string, limit = 500_000): JsonRecord[] {
  const found: JsonRecord[] = [];
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length > 0 && visited < limit) {
    const item = stack.pop();
    visited += 1;
    if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1) stack.push(item[index]);
    } else if (isRecord(item)) {
      const hit = item[key];
      if (isRecord(hit)) found.push(hit);
      const values = Object.values(item);
      for (let index = values.length - 1; index >= 0; index -= 1) {
        const child = values[index];
        if (typeof child === 'object' && child !== null && child !== hit) stack.push(child);
      }
    }
  }
  return found;
}

/** A YouTube-style text object: `{ simpleText }` or `{ runs: [{ text }] }`, or a plain string. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const simple = at(value, 'simpleText');
  if (typeof simple === 'string') return simple;
  const runs = at(value, 'runs');
  if (Array.isArray(runs)) {
    return runs.map((run) => (typeof at(run, 'text') === 'string' ? at(run, 'text') : '')).join('');
  }
  const content = at(value, 'content');
  return typeof content === 'string' ? content : undefined;
}
