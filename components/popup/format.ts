import { formatDate, t, uiLanguage } from '../../utils/i18n';
/**
 * Words as a reader counts them: runs of letters or digits, with inner apostrophes and hyphens;
 * link and image addresses are not read, so they are not counted.
 */
export function countWords(markdown: string): number {
  const readable = markdown
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/<[a-z][a-z0-9+.-]*:[^>\s]*>/gi, '');
  return readable.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

/** "just now", "5 minutes ago", "yesterday", "3 days ago", then the date. */
export function formatWhen(time: number, now: number = Date.now()): string {
  const relative = new Intl.RelativeTimeFormat(uiLanguage(), { numeric: 'auto' });
  const seconds = Math.round((now - time) / 1000);
  if (seconds < 45) return t('popup.when.justNow');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 7) return relative.format(-days, 'day');
  return t('popup.when.onDate', {
    date: formatDate(time, { day: 'numeric', month: 'short', year: 'numeric' }),
  });
}
