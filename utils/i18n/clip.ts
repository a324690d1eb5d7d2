import type { ClipError, ClipNotice } from '../clip/light';
import type { UserError } from '../result';
import { t } from './core';

/**
 * The engine's notices and errors are codes (it runs in pages and under jsdom, where there is no
 * browser i18n); they become sentences here, in the extension, in the user's language.
 * The switches are exhaustive: a new code fails to compile until it has its sentence.
 */
export function clipNoticeText(notice: ClipNotice): string {
  switch (notice.code) {
    case 'selection-empty':
      return t('clip.notice.selectionEmpty');
    case 'no-article':
      return t('clip.notice.noArticle');
    case 'small-article':
      return t('clip.notice.smallArticle');
    case 'discussion-cut':
      return t('clip.notice.discussionCut');
    case 'time-budget':
      return t('clip.notice.timeBudget');
    case 'frames':
      return t('clip.notice.frames');
  }
}

function clipErrorText(error: ClipError): string {
  switch (error.code) {
    case 'bad-request':
      return t('clip.error.badRequest');
    case 'browser-page':
      return t('clip.error.browserPage');
    case 'pdf':
      return t('clip.error.pdf');
    case 'no-image':
      return t('clip.error.noImage');
    case 'frames':
      return t('clip.error.frames');
    case 'not-loaded':
      return t('clip.error.notLoaded');
    case 'no-text':
      return t('clip.error.noText');
    case 'page-not-found':
      return t('clip.error.pageNotFound', { status: error.params?.status ?? '' });
    case 'page-not-public':
      return t('clip.error.pageNotPublic', { status: error.params?.status ?? '' });
    case 'site-error':
      return t('clip.error.siteError', { status: error.params?.status ?? '' });
    case 'site-refused':
      return t('clip.error.siteRefused', { status: error.params?.status ?? '' });
    case 'internal':
      return t('clip.error.internal', { detail: error.params?.detail ?? '' });
  }
}

/** An engine error as the rest of the extension carries it: its kind and a sentence. */
export function clipErrorToUserError(error: ClipError): UserError {
  return { kind: error.kind, message: clipErrorText(error) };
}
