import type { ClipError } from './types';

/**
 * A page the server answered with an error status (404, 500, a 403 login wall…) is not an
 * article, whatever its error document says: clipping it would store a note titled "Not Found".
 * The status is read from the navigation timing entry (`responseStatus`, Chromium 109+ and
 * Firefox 121+), a signal that needs no guess at the page's wording or language. Browsers that
 * do not report it (0 or absent) let the clip go on. Like every engine error it is a code with
 * the status as a parameter; the extension words it (utils/i18n), the command line in English
 * (scripts/lib/page-load.ts).
 */
export function errorPageFailure(scope: {
  performance?: Pick<Performance, 'getEntriesByType'>;
}): { ok: false; error: ClipError } | undefined {
  let status: number | undefined;
  try {
    const [navigation] = scope.performance?.getEntriesByType('navigation') ?? [];
    status = (navigation as { responseStatus?: number } | undefined)?.responseStatus;
  } catch {
    return undefined;
  }
  if (status === undefined || status < 400) return undefined;
  return {
    ok: false,
    error: { kind: 'error-page', code: errorPageCode(status), params: { status: String(status) } },
  };
}

/** What an error status says about the page, as the code its sentence is chosen by. */
export function errorPageCode(
  status: number,
): 'page-not-found' | 'page-not-public' | 'site-error' | 'site-refused' {
  return status === 404 || status === 410
    ? 'page-not-found'
    : status === 401 || status === 403
      ? 'page-not-public'
      : status >= 500
        ? 'site-error'
        : 'site-refused';
}
