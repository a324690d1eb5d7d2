import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import '../../../utils/jitless';
import { noteListSchema } from '../../../utils/api';
import { outboxEntrySchema } from '../../../utils/outbox/entry';
import { clipDefaultsSchema, deckSettingsSchema } from '../../../utils/settings';
import { connectionSchema } from '../../../utils/settings/connection';

// zod/mini carries no locale: the extension's own message map (utils/jitless.ts) must say what
// zod's English locale says for every problem our schemas raise, or a damaged-settings notice
// and a protocol error would only read "Invalid input".
const english = en().localeError;
const messages = (schema: z.ZodMiniType, value: unknown, error?: typeof english) =>
  schema
    .safeParse(value, error ? { error } : undefined)
    .error?.issues.map((issue) => issue.message);

const schemas: [string, z.ZodMiniType][] = [
  ['outbox entry', outboxEntrySchema],
  ['note list', noteListSchema],
  ['decks', deckSettingsSchema],
  ['clip defaults', clipDefaultsSchema],
  ['connection', connectionSchema],
  [
    'checks',
    z.object({
      text: z.string().check(z.minLength(2), z.maxLength(3)),
      count: z.int().check(z.nonnegative(), z.lte(9)),
      size: z.number().check(z.positive()),
      list: z.array(z.string()).check(z.minLength(1), z.maxLength(2)),
      kind: z.enum(['a', 'b']),
      one: z.literal('q'),
      host: z.string().check(z.regex(/^[a-z]+$/)),
    }),
  ],
];

describe('zod messages without a locale', () => {
  it('name what was expected, as zod’s English locale does', () => {
    const bad = { text: 1, count: 1.5, size: 0, list: [], kind: 'c', one: 'r', host: 'A' };
    const got = messages(schemas[5]?.[1] as z.ZodMiniType, bad);
    expect(got).toEqual([
      'Invalid input: expected string, received number',
      'Invalid input: expected int, received number',
      'Too small: expected number to be >0',
      'Too small: expected array to have >=1 items',
      'Invalid option: expected one of "a"|"b"',
      'Invalid input: expected "q"',
      'Invalid string: must match pattern /^[a-z]+$/',
    ]);
    expect(got).toEqual(messages(schemas[5]?.[1] as z.ZodMiniType, bad, english));
  });

  it('name the values zod names specially: NaN, Infinity, a Date, null', () => {
    const schema = z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string() });
    const bad = { a: Number.NaN, b: Number.POSITIVE_INFINITY, c: new Date(0), d: null };
    expect(messages(schema, bad)).toEqual([
      'Invalid input: expected string, received NaN',
      'Invalid input: expected string, received Infinity',
      'Invalid input: expected string, received Date',
      'Invalid input: expected string, received null',
    ]);
    expect(messages(schema, bad)).toEqual(messages(schema, bad, english));
  });

  it.each(schemas)('match the English locale for any value given to the %s schema', (_, schema) => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: false }), (value) => {
        expect(messages(schema, value)).toEqual(messages(schema, value, english));
      }),
    );
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(
            'text',
            'count',
            'size',
            'list',
            'kind',
            'one',
            'host',
            'id',
            'decks',
            'tags',
            'baseUrl',
            'apiKey',
            'attempts',
            'state',
            'total',
          ),
          fc.oneof(
            fc.string(),
            fc.integer(),
            fc.double(),
            fc.array(fc.string()),
            fc.constant(null),
          ),
        ),
        (value) => {
          expect(messages(schema, value)).toEqual(messages(schema, value, english));
        },
      ),
    );
  });
});
