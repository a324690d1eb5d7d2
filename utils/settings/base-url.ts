import { t } from '../i18n';
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
    return { ok: false, message: t('options.check.baseEmpty', { example: EXAMPLE }) };
  }
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return {
      ok: false,
      message: t('options.check.baseNotUrl', { example: EXAMPLE }),
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      message: t('options.check.baseScheme', { example: EXAMPLE }),
    };
  }
  if (url.username || url.password) {
    return {
      ok: false,
      message: t('options.check.baseCredentials'),
    };
  }
  if (url.search || url.hash) {
    return {
      ok: false,
      message: t('options.check.baseQuery'),
    };
  }
  const baseUrl = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return {
      ok: true,
      baseUrl,
      warning: t('options.check.plainHttp'),
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
