import type { ComponentType } from 'preact';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { plural, t } from '../../../utils/i18n';
import type { ClipDraft } from '../../../utils/popup';
import type { Deck, DefaultClipMode } from '../../../utils/settings';
import { DeckPicker } from '../deck-picker';
import { countWords } from '../format';
import { TagInput } from '../tag-input';
import { ModeSwitch } from './mode-switch';

export type { ClipDraft };

export interface ClipEditorProps {
  draft: ClipDraft;
  decks: readonly Deck[];
  hasSelection: boolean;
  notices: readonly string[];
  /** The page is being extracted again (another mode): the text area waits. */
  extracting: boolean;
  saving: boolean;
  saveLabel: string;
  onChange(change: Partial<ClipDraft>): void;
  onModeChange(mode: DefaultClipMode): void;
  onSave(): void;
  suggest(typed: string, chosen: readonly string[]): string[];
}

type Preview = ComponentType<{ markdown: string }>;

/**
 * The note about to be saved, every part editable. The rendered preview's parser is loaded only
 * when the user asks for the preview, so it costs nothing to opening the popup.
 */
export function ClipEditor(props: ClipEditorProps) {
  const { draft, decks, hasSelection, notices, extracting, saving, saveLabel } = props;
  const { onChange, onModeChange, onSave, suggest } = props;
  const id = useId();
  const [showPreview, setShowPreview] = useState(false);
  const [Preview, setPreview] = useState<Preview | undefined>(undefined);
  const words = countWords(draft.markdown);
  const title = useRef<HTMLTextAreaElement>(null);

  // A long title wraps onto as many lines as it needs instead of scrolling out of sight.
  useLayoutEffect(() => {
    const field = title.current;
    if (!field) return;
    field.style.height = 'auto';
    field.style.height = `${field.scrollHeight + field.offsetHeight - field.clientHeight}px`;
  }, [draft.title]);

  useEffect(() => {
    if (!showPreview || Preview) return;
    void import('./markdown-preview').then((module) => setPreview(() => module.MarkdownPreview));
  }, [showPreview, Preview]);

  return (
    <form
      class="editor"
      aria-label={t('popup.editor.label')}
      // No implicit submission: plain Enter adds a tag or does nothing; saving is explicit.
      onSubmit={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          if (!saving && !extracting) onSave();
        }
      }}
    >
      <ModeSwitch
        value={draft.mode}
        hasSelection={hasSelection}
        disabled={saving}
        onChange={onModeChange}
      />
      {notices.map((notice) => (
        <p key={notice} class="notice">
          {notice}
        </p>
      ))}
      <div class="field">
        <label for={`${id}-title`}>{t('common.titleLabel')}</label>
        <textarea
          ref={title}
          id={`${id}-title`}
          class="title-field"
          rows={1}
          value={draft.title}
          // A title is one line: Enter does not break it (Ctrl+Enter still saves), pasted breaks
          // become spaces.
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) event.preventDefault();
          }}
          onInput={(event) =>
            onChange({ title: event.currentTarget.value.replace(/\s*[\r\n]+\s*/g, ' ') })
          }
        />
      </div>
      <div class="row">
        <DeckPicker
          decks={decks}
          value={draft.deckId}
          onChange={(deckId) => onChange({ deckId })}
        />
      </div>
      <TagInput
        label={t('common.tagsLabel')}
        tags={draft.tags}
        onChange={(tags) => onChange({ tags })}
        suggest={suggest}
        autoFocus
        suggestOnFocus
      />
      <div class="field">
        <div class="label-row">
          <label for={`${id}-markdown`}>{t('popup.editor.markdown')}</label>
          <span class="muted" id={`${id}-words`}>
            {plural('popup.editor.words', words)}
          </span>
        </div>
        <textarea
          id={`${id}-markdown`}
          rows={7}
          spellcheck={false}
          aria-describedby={`${id}-words`}
          aria-busy={extracting}
          disabled={extracting}
          value={draft.markdown}
          onInput={(event) => onChange({ markdown: event.currentTarget.value })}
        />
      </div>
      <div class="label-row">
        <button
          type="button"
          class="link"
          aria-expanded={showPreview}
          aria-controls={`${id}-preview`}
          onClick={() => setShowPreview(!showPreview)}
        >
          {showPreview ? t('popup.editor.hidePreview') : t('popup.editor.showPreview')}
        </button>
      </div>
      <div id={`${id}-preview`} hidden={!showPreview}>
        {showPreview &&
          (Preview ? (
            <Preview markdown={draft.markdown} />
          ) : (
            <p class="muted">{t('popup.editor.loadingPreview')}</p>
          ))}
      </div>
      <div class="save-row">
        <button
          type="button"
          class="primary"
          disabled={saving || extracting || !draft.markdown.trim()}
          onClick={onSave}
          aria-keyshortcuts="Control+Enter Meta+Enter"
        >
          {saving ? t('popup.editor.saving') : saveLabel}
        </button>
        <span class="muted shortcut">Ctrl+Enter</span>
      </div>
    </form>
  );
}
