import { failure, type UserError } from '../result';

/**
 * A page the server answered with an error status (404, 500, a 403 login wall…) is not an
 * article, whatever its error document says: clipping it would store a note titled "Not Found".
 * The status is read from the navigation timing entry (`responseStatus`, Chromium 109+ and
 * Firefox 121+), a signal that needs no guess at the page's wording or language. Browsers that
 * do not report it (0 or absent) let the clip go on.
 */
export function errorPageFailure(scope: {
  performance?: Pick<Performance, 'getEntriesByType'>;
}): { ok: false; error: UserError } | undefined {
  let status: number | undefined;
  try {
    const [navigation] = scope.performance?.getEntriesByType('navigation') ?? [];
    status = (navigation as { responseStatus?: number } | undefined)?.responseStatus;
  } catch {
    return undefined;
  }
  if (status === undefined || status < 400) return undefined;
  return failure('error-page', errorPageSentence(status));
}

export function errorPageSentence(status: number): string {
  const what =
    status === 404 || status === 410
      ? 'the page was not found there'
      : status === 401 || status === 403
        ? 'the page needs a login or is not public'
        : status >= 500
          ? 'the site had an error'
          : 'the site refused the request';
  return (
    `The server answered ${status} (${what}), so there is nothing to clip and no note was saved. ` +
    'Check the address, or reload the page once it works and clip it again.'
  );
}
