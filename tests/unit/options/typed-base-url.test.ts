import { describe, expect, it } from 'vitest';
import {
  checkTypedBaseUrl,
  completeBaseUrl,
  keyCarries,
} from '../../../components/options/typed-base-url';

describe('completeBaseUrl', () => {
  it.each([
    ['notes.example.com/api', 'https://notes.example.com/api'],
    ['  notes.example.com:8443/api/ ', 'https://notes.example.com:8443/api/'],
    ['//notes.example.com/api', 'https://notes.example.com/api'],
    ['localhost:8080/api', 'http://localhost:8080/api'],
    ['127.0.0.1:3000/api', 'http://127.0.0.1:3000/api'],
    ['[::1]:3000/api', 'http://[::1]:3000/api'],
    ['notes.localhost/api', 'http://notes.localhost/api'],
  ])('%s → %s', (typed, completed) => {
    expect(completeBaseUrl(typed)).toBe(completed);
  });

  it.each([
    'https://notes.example.com/api',
    'http://notes.example.com/api',
    'ftp://notes.example.com',
    'javascript:alert(1)',
    '',
  ])('leaves %s as typed (trimmed)', (typed) => {
    expect(completeBaseUrl(typed)).toBe(typed.trim());
  });
});

describe('checkTypedBaseUrl', () => {
  it('says which address a completed one will be, in the stored form', () => {
    expect(checkTypedBaseUrl('notes.example.com/api/')).toEqual({
      ok: true,
      baseUrl: 'https://notes.example.com/api',
      completed: 'https://notes.example.com/api',
    });
    expect(checkTypedBaseUrl('https://notes.example.com/api')).toEqual({
      ok: true,
      baseUrl: 'https://notes.example.com/api',
    });
  });

  it('never demands https: its messages offer http too, or none', () => {
    for (const typed of ['', 'ftp://x.example', 'not an address', 'mailto:me@example.com']) {
      const check = checkTypedBaseUrl(typed);
      expect(check.ok).toBe(false);
      if (!check.ok) expect(check.message).not.toMatch(/starts with https:\/\/[,.]/);
    }
  });
});

describe('keyCarries', () => {
  it('keeps the key within an origin and on an upgrade to https, not elsewhere', () => {
    expect(keyCarries('https://a.example/api', 'a.example/v2/api')).toBe(true);
    expect(keyCarries('http://a.example/api', 'https://a.example/api')).toBe(true);
    expect(keyCarries('https://a.example/api', 'http://a.example/api')).toBe(false);
    expect(keyCarries('https://a.example/api', 'https://b.example/api')).toBe(false);
    expect(keyCarries('https://a.example/api', 'https://a.example:8443/api')).toBe(false);
    expect(keyCarries('https://a.example/api', 'https://')).toBeNull();
  });
});
