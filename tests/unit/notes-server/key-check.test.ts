import * as crypto from 'node:crypto';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { type NotesServer, startNotesServer } from '../../../notes-server';

// Timing cannot be measured reliably in a unit test; what makes the check constant-time can be
// observed: every configured key is compared, each through timingSafeEqual on equal-length inputs.
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>();
  return { ...original, timingSafeEqual: vi.fn(original.timingSafeEqual) };
});

const KEYS = ['short', 'a-much-longer-second-key', 'third-key-0123456789'];
let server: NotesServer;

beforeEach(async () => {
  server = await startNotesServer({ apiKeys: KEYS });
  vi.mocked(crypto.timingSafeEqual).mockClear();
});
afterEach(async () => {
  await server.stop();
});

it.each([
  ['the first key', KEYS[0], 200],
  ['the last key', KEYS[2], 200],
  ['a prefix of a key', 'a-much', 401],
  ['a key of another length', 'x'.repeat(300), 401],
  ['no key', undefined, 401],
])('compares %s with every key in constant time', async (_, key, status) => {
  const response = await fetch(`${server.baseUrl}/notes/`, {
    headers: key === undefined ? {} : { Authorization: `Bearer ${key}` },
  });

  expect(response.status).toBe(status);
  const comparisons = vi.mocked(crypto.timingSafeEqual).mock.calls;
  expect(comparisons).toHaveLength(KEYS.length);
  for (const [given, expected] of comparisons) {
    expect((given as Buffer).length).toBe((expected as Buffer).length);
  }
});
