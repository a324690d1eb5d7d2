import { config } from 'zod/mini';
import type { $ZodRawIssue } from 'zod/v4/core';

/**
 * Every entry point imports this module first, before anything that builds a zod schema.
 *
 * zod 4 compiles a fast parser for each object schema with the Function constructor unless
 * `jitless` is on, and it reads the setting when the schema is built, not when it parses: a
 * schema declared at a module's top level before this line ran would still compile itself. Store
 * reviewers (and `web-ext lint`) treat any Function constructor as eval, and a strict CSP forbids
 * it, so Clipdeck parses without it. The build also takes zod's unreachable compiler out of the
 * bundles, and fails loudly if a schema is ever built before this ran (scripts/lib/bundle-plugins.ts).
 */
config({ jitless: true, localeError: zodMessage });

const UNITS: Record<string, string> = { string: 'characters', array: 'items' };

/**
 * The details of a zod problem that reach a user (`describeIssues` in a damaged-settings notice,
 * the field of a Notes answer Clipdeck cannot read). `zod/mini` carries no locale, so without this
 * every problem would read "Invalid input"; zod's English locale would say what was expected but
 * costs the background over 1 kB gzipped for issues Clipdeck's schemas never raise. These are the
 * English locale's own sentences for the issues they do raise (tests/unit/settings/zod-messages).
 */
export function zodMessage(issue: $ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Invalid input: expected ${issue.expected}, received ${typeName(issue.input)}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Invalid input: expected ${quoted(issue.values[0])}`
        : `Invalid option: expected one of ${issue.values.map(quoted).join('|')}`;
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const adj = (small ? '>' : '<') + (issue.inclusive ? '=' : '');
      const bound = String(small ? issue.minimum : issue.maximum);
      const unit = UNITS[issue.origin];
      const what = unit ? `to have ${adj}${bound} ${unit}` : `to be ${adj}${bound}`;
      return `Too ${small ? 'small' : 'big'}: expected ${issue.origin} ${what}`;
    }
    case 'invalid_format':
      return issue.pattern
        ? `Invalid string: must match pattern ${issue.pattern}`
        : `Invalid ${issue.format}`;
    default:
      return 'Invalid input';
  }
}

/** What zod's English locale calls a value it refused: `Infinity`, `array`, `Date`, `null`… */
function typeName(input: unknown): string {
  if (typeof input === 'number') return Number.isFinite(input) ? 'number' : String(input);
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'object' && Object.getPrototypeOf(input) !== Object.prototype) {
    const made =
      'constructor' in input ? (input.constructor as { name?: string } | undefined) : undefined;
    if (made?.name) return made.name;
  }
  return typeof input;
}

const quoted = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));
