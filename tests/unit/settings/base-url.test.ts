import { describe, expect, it } from 'vitest';
import { checkBaseUrl, hostPermissionFor, isLoopbackHost } from '../../../utils/settings';

describe('checkBaseUrl', () => {
  it.each([
    ['https://notes.example.com/api', 'https://notes.example.com/api'],
    ['  https://notes.example.com/api/  ', 'https://notes.example.com/api'],
    ['https://notes.example.com/api///', 'https://notes.example.com/api'],
    ['HTTPS://Notes.Example.COM/api', 'https://notes.example.com/api'],
    ['https://notes.example.com:443/api', 'https://notes.example.com/api'],
    ['http://127.0.0.1:8080/api/', 'http://127.0.0.1:8080/api'],
    ['https://notes.example.com', 'https://notes.example.com'],
    ['https://notes.example.com/', 'https://notes.example.com'],
  ])('normalises %j to %j', (input, expected) => {
    expect(checkBaseUrl(input)).toEqual({ ok: true, baseUrl: expected });
  });

  it.each([
    ['', 'Enter the base URL'],
    ['   ', 'Enter the base URL'],
    ['notes.example.com/api', 'starts with https://'],
    ['/api', 'starts with https://'],
    ['ftp://notes.example.com/api', 'starts with https://'],
    ['javascript:alert(1)', 'starts with https://'],
    ['https://me:secret@notes.example.com/api', 'Remove the user name and password'],
    ['https://notes.example.com/api?key=1', 'Remove the part after'],
    ['https://notes.example.com/api#notes', 'Remove the part after'],
  ])('refuses %j and says what to do', (input, expected) => {
    const check = checkBaseUrl(input);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toContain(expected);
  });

  it('warns that the key would travel in clear over plain http to another machine', () => {
    const check = checkBaseUrl('http://notes.example.com/api');
    expect(check).toMatchObject({ ok: true, baseUrl: 'http://notes.example.com/api' });
    if (check.ok) expect(check.warning).toMatch(/unencrypted/);
  });

  it.each([
    'http://localhost:3000/api',
    'http://127.0.0.1/api',
    'http://[::1]:8080/api',
    'http://notes.localhost/api',
  ])('does not warn about plain http on this computer: %s', (input) => {
    const check = checkBaseUrl(input);
    expect(check.ok && check.warning).toBeFalsy();
  });
});

describe('isLoopbackHost', () => {
  it('knows loopback names from look-alikes', () => {
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('127.1.2.3')).toBe(true);
    expect(isLoopbackHost('localhost.example.com')).toBe(false);
    expect(isLoopbackHost('127.0.0.1.example.com')).toBe(false);
  });
});

describe('hostPermissionFor', () => {
  it('names exactly the API host, without a port (Firefox rejects ports in patterns)', () => {
    expect(hostPermissionFor('http://127.0.0.1:8080/api')).toBe('http://127.0.0.1/*');
    expect(hostPermissionFor('https://notes.example.com/api')).toBe('https://notes.example.com/*');
  });
});
