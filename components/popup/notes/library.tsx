import { useEffect, useId, useMemo, useState } from 'preact/hooks';
import { formatList, formatNumber, plural, quoted, t } from '../../../utils/i18n';
import { sendMessage } from '../../../utils/messaging';
import {
  type BulkProgress,
  bulkProgressItem,
  type IndexedNote,
  type NotesIndex,
  parseBulkProgress,
  prepareSearch,
  readBulkProgress,
  readCatalog,
  type SearchableNote,
  searchNotes,
} from '../../../utils/notes-index';
import type { UserError } from '../../../utils/result';
import { backgroundStopped } from '../background';
import { RecentNoteItem, RecentNotes, type RecentNotesProps } from './recent-notes';

/** Results shown at once: more is a longer scroll than a better query. */
export const RESULTS_SHOWN = 25;
/** The catalog is read again this long after the index last changed (a bulk retag changes it often). */
const RELOAD_AFTER_MS = 400;
/** Titles named in the sentence about notes that failed. */
const FAILED_NAMED = 3;

export interface LibraryProps extends Omit<RecentNotesProps, 'selected' | 'onSelect'> {
  index: NotesIndex | null;
}

/**
 * The popup's "Recent notes" tab grown into the whole account (issue 18): a search over every
 * note's title and tags (the catalog, read from storage: no request), rows that are the recent
 * list's own (RecentNoteItem: edit, copy, append, delete), and a bulk retag of the notes
 * selected, which runs in the background and shows its progress here whenever the popup is open.
 */
export function Library(props: LibraryProps) {
  const { index, notes: recent } = props;
  const id = useId();
  const [query, setQuery] = useState('');
  const [catalog, setCatalog] = useState<SearchableNote[] | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [deleted, setDeleted] = useState<string | undefined>(undefined);

  const place = index && index.catalog.state !== 'missing' ? index : null;
  useEffect(() => {
    if (!place) return;
    const timer = setTimeout(
      () =>
        void readCatalog({ baseUrl: place.baseUrl, shards: place.catalog.shards }).then((notes) =>
          setCatalog(prepareSearch(notes)),
        ),
      catalog ? RELOAD_AFTER_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [place]);

  const results = useMemo(
    () => (catalog && query.trim() ? searchNotes(catalog, query, RESULTS_SHOWN) : null),
    [catalog, query],
  );
  const titles = useMemo(() => {
    const byId = new Map<string, IndexedNote>(recent.map((note) => [note.id, note]));
    for (const entry of catalog ?? []) byId.set(entry.note.id, entry.note);
    return byId;
  }, [catalog, recent]);

  const onSelect = (noteId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(noteId);
      else next.delete(noteId);
      return next;
    });
  const rowProps = { ...props, selected, onSelect };

  return (
    <div class="library">
      <div class="field">
        <label for={`${id}-search`}>{t('popup.library.searchLabel')}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={query}
          placeholder={t('popup.library.searchPlaceholder')}
          aria-describedby={`${id}-search-state`}
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
        <p id={`${id}-search-state`} class="hint muted" aria-live="polite">
          {searchState(index, catalog, results, query)}
        </p>
      </div>
      <BulkRetag
        selected={selected}
        matchedIds={results?.matchedIds ?? []}
        onSelectAll={(ids) => setSelected(new Set([...selected, ...ids]))}
        onClear={() => setSelected(new Set())}
        titles={titles}
        tagList={index?.tags.map(({ tag }) => tag) ?? []}
      />
      {results ? (
        <section class="recent" aria-label={t('popup.library.resultsLabel')}>
          {deleted && (
            <p class="status-ok" role="status">
              {t('popup.recent.deleted', { title: quoted(deleted) })}
            </p>
          )}
          <ul class="note-list">
            {results.notes.map((note) => (
              <RecentNoteItem key={note.id} {...rowProps} note={note} onDeleted={setDeleted} />
            ))}
          </ul>
        </section>
      ) : (
        <RecentNotes {...rowProps} />
      )}
    </div>
  );
}

function searchState(
  index: NotesIndex | null,
  catalog: SearchableNote[] | null,
  results: ReturnType<typeof searchNotes> | null,
  query: string,
): string {
  if (!index || index.catalog.state === 'missing' || !catalog) return t('popup.library.reading');
  if (!results) {
    return index.catalog.state === 'partial'
      ? t('popup.library.partial', { count: formatNumber(catalog.length) })
      : '';
  }
  if (!results.matched) return t('popup.library.noMatch', { query: quoted(query.trim()) });
  const count = plural('popup.library.matches', results.matched);
  return results.matched > results.notes.length
    ? `${count} ${t('popup.library.moreThanShown', { shown: formatNumber(results.notes.length) })}`
    : count;
}

interface BulkRetagProps {
  selected: ReadonlySet<string>;
  matchedIds: readonly string[];
  onSelectAll(ids: readonly string[]): void;
  onClear(): void;
  titles: ReadonlyMap<string, IndexedNote>;
  tagList: readonly string[];
}

/** Selection, the tag to add or remove, and the background job's progress (reattached on open). */
function BulkRetag(props: BulkRetagProps) {
  const { selected, matchedIds, onSelectAll, onClear, titles, tagList } = props;
  const id = useId();
  const [tag, setTag] = useState('');
  const [error, setError] = useState<UserError | undefined>(undefined);
  const [progress, setProgress] = useState<BulkProgress | null>(null);

  useEffect(() => {
    void readBulkProgress().then(setProgress);
    return bulkProgressItem.watch((value) => setProgress(parseBulkProgress(value)));
  }, []);

  async function start(ids: readonly string[], add: string[], remove: string[]) {
    setError(undefined);
    const started = await sendMessage('bulkRetag', { ids: [...ids], add, remove }).catch(
      backgroundStopped,
    );
    if (!started.ok) {
      setError(started.error);
      return;
    }
    setTag('');
    onClear();
  }

  function run(kind: 'add' | 'remove') {
    const chosen = tag.trim().replace(/^#/, '');
    if (!chosen) {
      setError({ kind: 'invalid-request', message: t('popup.library.tagNeeded') });
      return;
    }
    void start([...selected], kind === 'add' ? [chosen] : [], kind === 'remove' ? [chosen] : []);
  }

  const unselected = matchedIds.filter((matched) => !selected.has(matched));
  const running = progress?.state === 'running';
  return (
    <>
      {(selected.size > 0 || unselected.length > 1) && (
        <section class="bulk-retag" aria-label={t('popup.library.bulkLabel')}>
          {selected.size > 0 && (
            <p class="bulk-count">{plural('popup.library.selected', selected.size)}</p>
          )}
          {unselected.length > 1 && (
            <button type="button" class="link" onClick={() => onSelectAll(matchedIds)}>
              {t('popup.library.selectAll', { count: formatNumber(matchedIds.length) })}
            </button>
          )}
          {selected.size > 0 && (
            <>
              <div class="field">
                <label for={`${id}-tag`}>{t('popup.library.tagLabel')}</label>
                <input
                  id={`${id}-tag`}
                  type="text"
                  list={`${id}-tags`}
                  value={tag}
                  autocomplete="off"
                  onInput={(event) => setTag(event.currentTarget.value)}
                />
                <datalist id={`${id}-tags`}>
                  {tagList.slice(0, 50).map((known) => (
                    <option key={known} value={known} />
                  ))}
                </datalist>
              </div>
              <div class="actions">
                <button type="button" class="primary" disabled={running} onClick={() => run('add')}>
                  {t('popup.library.add')}
                </button>
                <button type="button" disabled={running} onClick={() => run('remove')}>
                  {t('popup.library.remove')}
                </button>
                <button type="button" class="link" onClick={onClear}>
                  {t('popup.library.clear')}
                </button>
              </div>
            </>
          )}
          {error && (
            <p role="alert" class="status-error">
              {error.message}
            </p>
          )}
        </section>
      )}
      {progress && (
        <BulkProgressView
          progress={progress}
          titles={titles}
          onRetry={(ids) => void start(ids, progress.add, progress.remove)}
          onDismiss={() => void sendMessage('dismissBulkRetag', undefined).catch(backgroundStopped)}
        />
      )}
    </>
  );
}

function BulkProgressView(props: {
  progress: BulkProgress;
  titles: ReadonlyMap<string, IndexedNote>;
  onRetry(ids: string[]): void;
  onDismiss(): void;
}) {
  const { progress, titles, onRetry, onDismiss } = props;
  const adding = progress.add.length > 0;
  const tag = quoted(formatList(adding ? progress.add : progress.remove));
  const counts = { tag, done: formatNumber(progress.done), total: formatNumber(progress.total) };
  const failedTitles = progress.failed
    .slice(0, FAILED_NAMED)
    .map((failed) => quoted(failed.title || titles.get(failed.id)?.title || failed.id));
  const more = progress.failed.length - failedTitles.length;
  return (
    <section class="callout retag-progress" aria-label={t('popup.library.progressLabel')}>
      {progress.state === 'running' ? (
        <>
          <p role="status">
            {adding ? t('popup.library.adding', counts) : t('popup.library.removing', counts)}
          </p>
          <progress max={progress.total} value={progress.done} aria-hidden="true" />
          <p class="muted">{t('popup.library.goesOn')}</p>
        </>
      ) : (
        <>
          <p role="status">
            {t(adding ? 'popup.library.addDone' : 'popup.library.removeDone', {
              tag,
              changed: formatNumber(progress.changed),
              unchanged: formatNumber(progress.unchanged),
            })}
          </p>
          {progress.failed.length > 0 && (
            <p role="alert" class="status-error">
              {plural('popup.library.failed', progress.failed.length, {
                titles: formatList(more > 0 ? [...failedTitles, `+${more}`] : failedTitles),
                reason: progress.failed[0]?.message ?? '',
              })}
            </p>
          )}
          <div class="actions">
            {progress.failed.length > 0 && (
              <button
                type="button"
                class="primary"
                onClick={() => onRetry(progress.failed.map((failed) => failed.id))}
              >
                {t('popup.library.retry')}
              </button>
            )}
            <button type="button" onClick={onDismiss}>
              {t('popup.library.dismiss')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
