/**
 * The Notes service's base URL as the user types it, checked and brought to one canonical form:
 * `scheme://host[:port]/path` with no trailing slash, so the API client can append `/notes/…`.
 * The service documents that the base URL already carries the `/api` prefix; Clipdeck does not
 * add or require it, because a self-hosted service may mount the interface elsewhere.
 */
export type BaseUrlCheck =
  | { ok: true; baseUrl: string; warning?: string }
  | { ok: false; message: string };

const EXAMPLE = 'https://notes.example.com/api';

export function checkBaseUrl(input: string): BaseUrlCheck {
  const typed = input.trim();
  if (!typed) {
    return { ok: false, message: `Enter the base URL of your Notes service, such as ${EXAMPLE}.` };
  }
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return {
      ok: false,
      message: `Enter a full address that starts with https://, such as ${EXAMPLE}.`,
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      message: `Enter an address that starts with https://, such as ${EXAMPLE}.`,
    };
  }
  if (url.username || url.password) {
    return {
      ok: false,
      message:
        'Remove the user name and password from the address: Clipdeck signs in with the API key.',
    };
  }
  if (url.search || url.hash) {
    return {
      ok: false,
      message: 'Remove the part after “?” or “#”: the base URL is the address the API lives under.',
    };
  }
  const baseUrl = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return {
      ok: true,
      baseUrl,
      warning:
        'This address uses plain http: your API key and notes would travel unencrypted and could ' +
        'be read on the way. Use https:// unless the server is on a network you trust.',
    };
  }
  return { ok: true, baseUrl };
}

/** Addresses that never leave this computer, where plain http exposes nothing. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) ||
    host === '[::1]'
  );
}

/**
 * The host permission pattern for a base URL: scheme and host only. Firefox rejects match
 * patterns that carry a port, and Chromium treats a pattern without a port as any port, so the
 * same pattern works in both and still names exactly one host.
 */
export function hostPermissionFor(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}
