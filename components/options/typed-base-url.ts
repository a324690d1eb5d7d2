import { quoted, t } from '../../utils/i18n';
import {
  type BaseUrlCheck,
  checkBaseUrl,
  isLoopbackHost,
  keyCarriesTo,
} from '../../utils/settings';

/**
 * The base URL as the user typed it, completed before it is checked: people paste
 * `notes.example.com/api` as often as the full address. https is assumed, except for this
 * computer (`localhost`, 127.x, [::1]), where local servers speak plain http.
 */
export function completeBaseUrl(typed: string): string {
  const trimmed = typed.trim();
  if (!trimmed || /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed)) return trimmed;
  // `mailto:x` or `javascript:…` name a scheme of their own; `localhost:8080` is a host and port.
  if (/^[a-z][a-z\d+.-]*:(?!\d)/i.test(trimmed)) return trimmed;
  const rest = trimmed.replace(/^\/\//, '');
  let hostname: string;
  try {
    hostname = new URL(`http://${rest}`).hostname;
  } catch {
    return trimmed;
  }
  return `${isLoopbackHost(hostname) ? 'http' : 'https'}://${rest}`;
}

export type TypedBaseUrlCheck = BaseUrlCheck & {
  /** Set when a scheme was added: the address that will be saved, to show before saving. */
  completed?: string;
};

const EXAMPLE = 'notes.example.com/api';

/**
 * `checkBaseUrl` on the completed address. The cases a completed address can still fail before
 * the shared check are answered here, in words that do not demand https: plain http works too
 * (with its warning).
 */
export function checkTypedBaseUrl(typed: string): TypedBaseUrlCheck {
  const address = completeBaseUrl(typed);
  if (!address) {
    return { ok: false, message: t('options.check.typedEmpty', { example: EXAMPLE }) };
  }
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return {
      ok: false,
      message: t('options.check.typedNotAddress', {
        typed: quoted(typed.trim()),
        example: EXAMPLE,
      }),
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      message: t('options.check.typedScheme', { scheme: `${url.protocol}//`, example: EXAMPLE }),
    };
  }
  const check = checkBaseUrl(address);
  return check.ok && address !== typed.trim() ? { ...check, completed: check.baseUrl } : check;
}

/**
 * Whether a key entered for `from` may stay in the form for `to` (issue 14: a key is bound to its
 * origin). The library's own rule (`keyCarriesTo`), so the form never drops a key the library
 * would keep, or the reverse. An address that is not usable yet (half typed) decides nothing: null.
 */
export function keyCarries(from: string, to: string): boolean | null {
  const a = usableUrl(from);
  const b = usableUrl(to);
  return a && b ? keyCarriesTo(a, b) : null;
}

function usableUrl(typed: string): string | null {
  const check = checkTypedBaseUrl(typed);
  return check.ok ? check.baseUrl : null;
}
