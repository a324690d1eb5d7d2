import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { formatList, t } from '../../../utils/i18n';
import type { BatchProgress, ClipSummary } from '../../../utils/outbox';
import {
  type AllTabsPlan,
  describeProgress,
  pages,
  planAllTabs,
  tabs,
  waitingCount,
} from '../../../utils/popup';
import type { Result, UserError } from '../../../utils/result';

export interface SkippedTab {
  tabId: number;
  error: UserError;
}

/** The two background calls bulk clipping makes; the popup wires them to its messages. */
export interface BulkClipper {
  clipTabs(request: {
    tabIds: number[];
    deckId?: string;
    tags?: string[];
    giveBack?: string[];
  }): Promise<Result<{ clips: ClipSummary[]; failures: SkippedTab[]; apiAccessLost?: string }>>;
  clipProgress(ids: string[]): Promise<Result<{ progress: BatchProgress }>>;
}

type BulkState =
  | { step: 'ready' }
  | { step: 'asking' }
  | { step: 'refused' }
  | { step: 'storing' }
  | {
      step: 'running';
      ids: string[];
      progress: BatchProgress;
      skipped: SkippedTab[];
      /** The API origin's pattern, when giving back the batch's access took it too. */
      apiAccessLost?: string | undefined;
    }
  | { step: 'failed'; error: UserError };

/** How often the popup asks the outbox how far the clips have got. */
const POLL_MS = 1000;

interface PlannedWindow {
  plan: AllTabsPlan;
  granted: boolean;
  /** The patterns not held before: asked for in the click, given back when the batch is read. */
  missing: string[];
}

async function planWindow(): Promise<PlannedWindow> {
  // The popup's own tab (automation opens it as one) is an extension page like any other of ours.
  const windowTabs = await browser.tabs.query({ currentWindow: true });
  const plan = planAllTabs(windowTabs, browser.runtime.getURL('/'));
  // One by one: access the user gave before (a host, or every site) is theirs and is kept.
  const held = await Promise.all(
    plan.origins.map((origin) =>
      browser.permissions.contains({ origins: [origin] }).catch(() => false),
    ),
  );
  const missing = plan.origins.filter((_, index) => !held[index]);
  return { plan, granted: missing.length === 0, missing };
}

/** Giving back the batch's access took the API origin's too (Chromium does): one click restores it. */
function RestoreApiAccess(props: { pattern: string; onRestored(): void }) {
  const { pattern, onRestored } = props;
  const host = pattern.replace(/^[a-z*]+:\/\//, '').replace(/\/\*$/, '');
  return (
    <p role="alert" class="status-error">
      {t('popup.bulk.apiAccessLost', { host })}{' '}
      <button
        type="button"
        onClick={() => {
          void browser.permissions
            .request({ origins: [pattern] })
            .catch(() => false)
            .then((allowed) => allowed && onRestored());
        }}
      >
        {t('popup.bulk.allowAgain', { host })}
      </button>
    </p>
  );
}

function Progress(props: { progress: BatchProgress }) {
  const { progress } = props;
  const finished = progress.total - waitingCount(progress);
  const text = describeProgress(progress);
  return (
    <div
      class="bulk-progress"
      role="progressbar"
      aria-label={t('popup.bulk.progressLabel')}
      aria-valuemin={0}
      aria-valuemax={progress.total}
      aria-valuenow={finished}
      aria-valuetext={text}
    >
      <span style={{ width: `${progress.total ? (100 * finished) / progress.total : 100}%` }} />
    </div>
  );
}

/** The skipped tabs, one line per reason: a window of browser pages would repeat it. */
function Skipped(props: { skipped: SkippedTab[]; titles: Map<number, string> }) {
  const { skipped, titles } = props;
  if (!skipped.length) return null;
  const byReason = new Map<string, number[]>();
  for (const tab of skipped) {
    byReason.set(tab.error.message, [...(byReason.get(tab.error.message) ?? []), tab.tabId]);
  }
  return (
    <div class="bulk-skipped">
      <p>{t('popup.bulk.skipped', { tabs: tabs(skipped.length) })}</p>
      <details>
        <summary>{t('popup.bulk.which')}</summary>
        <ul>
          {[...byReason].map(([message, tabIds]) => {
            const named = tabIds
              .map((tabId) => titles.get(tabId))
              .filter((title): title is string => Boolean(title));
            return (
              <li key={message}>
                {t('popup.bulk.reasonLine', {
                  tabs:
                    named.length === tabIds.length
                      ? formatList(named, 'unit')
                      : tabs(tabIds.length),
                  reason: message,
                })}
              </li>
            );
          })}
        </ul>
      </details>
    </div>
  );
}

/**
 * "Clip all tabs in this window": asks for host access within the click when it is not granted
 * yet, hands the tabs to the outbox, then follows their delivery. Closing the popup stops only the
 * following: the outbox keeps sending and the toolbar badge counts what waits.
 */
export function ClipAllTabs(props: {
  clipper: BulkClipper;
  deckId: string | null;
  tags?: string[];
  pollMs?: number;
}) {
  const { clipper, deckId, tags, pollMs = POLL_MS } = props;
  const [planned, setPlanned] = useState<PlannedWindow | null>(null);
  const [state, setState] = useState<BulkState>({ step: 'ready' });

  useEffect(() => {
    void planWindow()
      .then(setPlanned)
      .catch(() => setPlanned(null));
  }, []);

  const runningIds = state.step === 'running' ? state.ids : undefined;
  const stillWaiting = state.step === 'running' && waitingCount(state.progress) > 0;
  useEffect(() => {
    if (!runningIds || !stillWaiting) return;
    const timer = setTimeout(async () => {
      const result = await clipper.clipProgress(runningIds);
      setState((current) => {
        if (current.step !== 'running' || current.ids !== runningIds) return current;
        return result.ok
          ? { ...current, progress: result.progress }
          : { step: 'failed', error: result.error };
      });
    }, pollMs);
    return () => clearTimeout(timer);
  }, [state]);

  if (!planned?.plan.tabIds.length) return null;
  const { plan, granted } = planned;

  async function clip(giveBack: string[]) {
    setState({ step: 'storing' });
    const result = await clipper.clipTabs({
      tabIds: plan.tabIds,
      ...(deckId !== null && { deckId }),
      ...(tags !== undefined && { tags }),
      ...(giveBack.length > 0 && { giveBack }),
    });
    if (!result.ok) {
      setState({ step: 'failed', error: result.error });
      return;
    }
    const ids = result.clips.map((clipped) => clipped.id);
    const progress: BatchProgress = {
      total: ids.length,
      queued: 0,
      sending: 0,
      saved: 0,
      needsAttention: 0,
      gone: 0,
    };
    for (const clipped of result.clips) {
      if (clipped.state === 'saved') progress.saved++;
      else if (clipped.state === 'needs-attention') progress.needsAttention++;
      else if (clipped.state === 'sending') progress.sending++;
      else progress.queued++;
    }
    setState({
      step: 'running',
      ids,
      progress,
      skipped: result.failures,
      ...(result.apiAccessLost !== undefined && { apiAccessLost: result.apiAccessLost }),
    });
  }

  function start() {
    if (granted) {
      void clip([]);
      return;
    }
    const { missing } = planned as PlannedWindow;
    // Requested synchronously within the click: browsers honour the request only there.
    const asking = browser.permissions.request({ origins: plan.origins });
    setState({ step: 'asking' });
    void asking
      .catch(() => false)
      .then((allowed) => {
        if (!allowed) {
          setState({ step: 'refused' });
          return;
        }
        // Granted for this batch only: the background gives it back once the tabs are read.
        void clip(missing);
      });
  }

  const working = state.step === 'asking' || state.step === 'storing' || stillWaiting;
  return (
    <section class="bulk" aria-label={t('popup.bulk.label')}>
      <button type="button" onClick={start} disabled={working} aria-describedby="bulk-why">
        {t('popup.bulk.button')}
      </button>
      <p id="bulk-why" class="hint">
        {granted
          ? t('popup.bulk.willRead', { tabs: tabs(plan.tabIds.length) })
          : t('popup.bulk.needsAccess', { pages: pages(plan.pageCount) })}
      </p>
      {state.step === 'asking' && <p role="status">{t('popup.bulk.asking')}</p>}
      {state.step === 'refused' && (
        <p role="alert" class="status-error">
          {t('popup.bulk.refused')}
        </p>
      )}
      {state.step === 'storing' && (
        <p role="status">{t('popup.bulk.reading', { pages: pages(plan.tabIds.length) })}</p>
      )}
      {state.step === 'failed' && (
        <p role="alert" class="status-error">
          {state.error.message}
        </p>
      )}
      {state.step === 'running' && (
        <>
          {state.progress.total > 0 && <Progress progress={state.progress} />}
          <p role="status">
            {state.progress.total === 0
              ? t('popup.bulk.nothing')
              : stillWaiting
                ? t('popup.bulk.running', { progress: describeProgress(state.progress) })
                : t('popup.bulk.done', { progress: describeProgress(state.progress) })}
          </p>
          {state.apiAccessLost !== undefined && (
            <RestoreApiAccess
              pattern={state.apiAccessLost}
              onRestored={() =>
                setState((current) =>
                  current.step === 'running' ? { ...current, apiAccessLost: undefined } : current,
                )
              }
            />
          )}
          <Skipped skipped={state.skipped} titles={plan.titles} />
        </>
      )}
    </section>
  );
}
