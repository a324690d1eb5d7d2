import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  connectionItem,
  keyCarriesTo,
  readConnection,
  saveConnection,
} from '../../../utils/settings';

const KEY = 'key-for-notes-example';

beforeEach(async () => {
  fakeBrowser.reset();
  await saveConnection({ baseUrl: 'https://notes.example.com/api', apiKey: KEY });
});

describe('the API key is bound to the origin it was entered for', () => {
  it('saving another origin with the stored key stores no key and says a key is needed', async () => {
    const saved = await saveConnection({ baseUrl: 'https://evil.example.net/api', apiKey: KEY });

    expect(saved).toEqual({
      connection: { baseUrl: 'https://evil.example.net/api', apiKey: '' },
      keyNeeded: true,
      message: expect.stringMatching(/not the API key.*Paste your API key for evil\.example\.net/),
    });
    expect(await connectionItem.getValue()).toEqual({
      baseUrl: 'https://evil.example.net/api',
      apiKey: '',
    });
    // Nothing will be sent anywhere until a key is given for the new address.
    expect(await readConnection()).toMatchObject({ ok: false, error: { kind: 'not-configured' } });
  });

  it('another port or scheme is another origin', async () => {
    for (const baseUrl of ['https://notes.example.com:8443/api', 'http://notes.example.com/api']) {
      await saveConnection({ baseUrl: 'https://notes.example.com/api', apiKey: KEY });
      const saved = await saveConnection({ baseUrl, apiKey: KEY });
      expect(saved.keyNeeded, baseUrl).toBe(true);
      expect(saved.connection.apiKey).toBe('');
    }
  });

  it('the same origin with another path keeps the key', async () => {
    const saved = await saveConnection({
      baseUrl: 'https://notes.example.com/v2/api',
      apiKey: KEY,
    });

    expect(saved).toEqual({
      connection: { baseUrl: 'https://notes.example.com/v2/api', apiKey: KEY },
      keyNeeded: false,
    });
    expect(await connectionItem.getValue()).toEqual(saved.connection);
  });

  it('the same host moving from http to https keeps the key', async () => {
    await saveConnection({ baseUrl: 'http://notes.example.com/api', apiKey: KEY });
    const saved = await saveConnection({ baseUrl: 'https://notes.example.com/api', apiKey: KEY });
    expect(saved.keyNeeded).toBe(false);
    expect(keyCarriesTo('https://notes.example.com/api', 'http://notes.example.com/api')).toBe(
      false,
    );
  });

  it('a new key, or the same key entered for the new address, is stored with it', async () => {
    const other = await saveConnection({ baseUrl: 'https://other.example.org/api', apiKey: 'new' });
    expect(other).toMatchObject({ keyNeeded: false, connection: { apiKey: 'new' } });

    const retyped = await saveConnection(
      { baseUrl: 'https://third.example.org/api', apiKey: 'new' },
      { keyEntered: true },
    );
    expect(retyped).toMatchObject({ keyNeeded: false, connection: { apiKey: 'new' } });
    expect(await connectionItem.getValue()).toEqual({
      baseUrl: 'https://third.example.org/api',
      apiKey: 'new',
    });
  });

  it('a first save, or one with no key, needs nothing extra', async () => {
    fakeBrowser.reset();
    expect(await saveConnection({ baseUrl: 'https://a.example/api', apiKey: 'k' })).toMatchObject({
      keyNeeded: false,
    });
    expect(await saveConnection({ baseUrl: 'https://b.example/api', apiKey: '' })).toMatchObject({
      keyNeeded: false,
    });
  });
});
