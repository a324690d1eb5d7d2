import { useRef, useState } from 'preact/hooks';
import { TEMPLATE_VARIABLES } from '../../utils/clip/light';
import { t } from '../../utils/i18n';
import {
  type ClipDefaults,
  clipDefaultsSchema,
  clipModeLabel,
  DEFAULT_CLIP_MODES,
  type DefaultClipMode,
  parseTags,
  type QuickCaptureSettings,
  saveClipDefaults,
  saveQuickCaptureSettings,
  type TemplateChoice,
} from '../../utils/settings';
import { richText } from '../rich-text';
import { CommentsField } from './comments-field';
import { describedBy, Field } from './field';
import { SectionHeading } from './section-heading';
import { type Status, StatusLine } from './status';
import { builtInTemplates, previewNote } from './templates';

interface Props {
  saved: ClipDefaults;
  savedQuickCapture: QuickCaptureSettings;
  onSaved(defaults: ClipDefaults, quickCapture: QuickCaptureSettings): void;
}

const CUSTOM = 'custom';

/**
 * Defaults for new clips, and how quick captures (which use them) are confirmed. Every change is
 * saved as it is made, like the decks; a value that is not valid (an empty custom template) is
 * not saved and the status says why, while the last valid defaults stay in use.
 */
export function DefaultsSection({ saved, savedQuickCapture, onSaved }: Props) {
  const [tags, setTags] = useState(saved.tags.join(', '));
  const [mode, setMode] = useState<DefaultClipMode>(saved.mode);
  const [stripTracking, setStripTracking] = useState(saved.stripTracking);
  const [notifications, setNotifications] = useState(savedQuickCapture.notifications);
  const savedTemplate = saved.template;
  const [templateId, setTemplateId] = useState(
    savedTemplate.kind === 'custom' ? CUSTOM : savedTemplate.id,
  );
  const [customText, setCustomText] = useState(
    savedTemplate.kind === 'custom' ? savedTemplate.text : templateText(savedTemplate.id),
  );
  const [status, setStatus] = useState<Status>(null);
  // Writes run one after another, so the last change typed is the one that stays stored.
  const writes = useRef<Promise<void>>(Promise.resolve());
  const stored = useRef({ defaults: saved, quickCapture: savedQuickCapture });

  const current = {
    tags,
    mode,
    stripTracking,
    notifications,
    templateId,
    customText,
  };
  const template = templateOf(current);
  const preview = previewNote(template, stripTracking);

  /** Applies one change to the form and saves the whole of it. */
  function change(update: Partial<typeof current>) {
    const next = { ...current, ...update };
    if (update.tags !== undefined) setTags(next.tags);
    if (update.mode !== undefined) setMode(next.mode);
    if (update.stripTracking !== undefined) setStripTracking(next.stripTracking);
    if (update.notifications !== undefined) setNotifications(next.notifications);
    if (update.templateId !== undefined) setTemplateId(next.templateId);
    if (update.customText !== undefined) setCustomText(next.customText);

    const parsed = clipDefaultsSchema.safeParse({
      tags: parseTags(next.tags),
      mode: next.mode,
      template: templateOf(next),
      stripTracking: next.stripTracking,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setStatus({
        tone: 'error',
        text: t('options.defaults.notSaved', {
          reason: issue?.message ?? t('options.defaults.notValid'),
        }),
      });
      return;
    }
    const defaults = parsed.data;
    const quickCapture: QuickCaptureSettings = { notifications: next.notifications };
    writes.current = writes.current.then(async () => {
      try {
        const before = stored.current;
        await Promise.all([
          JSON.stringify(defaults) !== JSON.stringify(before.defaults) &&
            saveClipDefaults(defaults),
          quickCapture.notifications !== before.quickCapture.notifications &&
            saveQuickCaptureSettings(quickCapture),
        ]);
        stored.current = { defaults, quickCapture };
        onSaved(defaults, quickCapture);
        setStatus({ tone: 'ok', text: t('options.defaults.saved') });
      } catch {
        setStatus({ tone: 'error', text: t('options.defaults.saveFailed') });
      }
    });
  }

  return (
    <section aria-labelledby="defaults-heading">
      <SectionHeading id="defaults-heading" title={t('options.defaults.heading')}>
        {t('options.defaults.saveModel')}
      </SectionHeading>
      <StatusLine status={status} />
      <form onSubmit={(event) => event.preventDefault()} noValidate>
        <Field
          id="default-tags"
          label={t('options.defaults.tags')}
          hint={t('options.defaults.tagsHint')}
        >
          <input
            id="default-tags"
            type="text"
            value={tags}
            aria-describedby={describedBy('default-tags', { hint: true })}
            onInput={(event) => change({ tags: event.currentTarget.value })}
            // Tidied once the field is left, not while typing: “sea, ” is on its way to a tag.
            onBlur={() => setTags(parseTags(tags).join(', '))}
          />
        </Field>
        <Field id="clip-mode" label={t('options.defaults.mode')}>
          <select
            id="clip-mode"
            value={mode}
            onChange={(event) => change({ mode: event.currentTarget.value as DefaultClipMode })}
          >
            {DEFAULT_CLIP_MODES.map((value) => (
              <option key={value} value={value}>
                {clipModeLabel(value)}
              </option>
            ))}
          </select>
        </Field>
        <CommentsField onStatus={(text, ok) => setStatus({ tone: ok ? 'ok' : 'error', text })} />
        <div class="field checkbox">
          <input
            id="strip-tracking"
            type="checkbox"
            checked={stripTracking}
            aria-describedby="strip-tracking-hint"
            onChange={(event) => change({ stripTracking: event.currentTarget.checked })}
          />
          <label for="strip-tracking">{t('options.defaults.stripTracking')}</label>
          <p class="hint" id="strip-tracking-hint">
            {t('options.defaults.stripTrackingHint')}
          </p>
        </div>
        <Field id="template" label={t('options.defaults.template')}>
          <select
            id="template"
            value={templateId}
            onChange={(event) => {
              const id = event.currentTarget.value;
              // Starting a custom template from the chosen built-in is easier than from nothing.
              change(
                id === CUSTOM && templateId !== CUSTOM
                  ? { templateId: id, customText: templateText(templateId) }
                  : { templateId: id },
              );
            }}
          >
            {builtInTemplates().map((builtIn) => (
              <option key={builtIn.id} value={builtIn.id}>
                {builtIn.label}
              </option>
            ))}
            <option value={CUSTOM}>{t('options.defaults.customTemplate')}</option>
          </select>
        </Field>
        {templateId === CUSTOM && (
          <Field
            id="custom-template"
            label={t('options.defaults.customTemplate')}
            hint={<TemplateHelp />}
          >
            <textarea
              id="custom-template"
              rows={8}
              spellcheck={false}
              value={customText}
              aria-describedby={describedBy('custom-template', { hint: true })}
              onInput={(event) => change({ customText: event.currentTarget.value })}
            />
          </Field>
        )}
        <div class="field">
          <span class="label" id="preview-label">
            {t('options.defaults.preview')}
          </span>
          {preview.ok ? (
            // A read-only text area: labelled, focusable and scrollable from the keyboard.
            <textarea
              class="preview"
              aria-labelledby="preview-label"
              readOnly
              rows={13}
              value={preview.markdown}
            />
          ) : (
            <p class="field-error">{preview.error.message}</p>
          )}
        </div>
        <div class="field checkbox">
          <input
            id="quick-capture-notifications"
            type="checkbox"
            checked={notifications}
            aria-describedby="quick-capture-notifications-hint"
            onChange={(event) => change({ notifications: event.currentTarget.checked })}
          />
          <label for="quick-capture-notifications">{t('options.defaults.notifications')}</label>
          <p class="hint" id="quick-capture-notifications-hint">
            {t('options.defaults.notificationsHint')}
          </p>
        </div>
      </form>
    </section>
  );
}

function templateOf(form: { templateId: string; customText: string }): TemplateChoice {
  return form.templateId === CUSTOM
    ? { kind: 'custom', text: form.customText }
    : { kind: 'builtin', id: form.templateId };
}

function templateText(id: string): string {
  return builtInTemplates().find((template) => template.id === id)?.text ?? '';
}

function TemplateHelp() {
  return (
    <>
      {richText(t('options.defaults.placeholders', { list: '{list}' }), {
        list: TEMPLATE_VARIABLES.map((name, index) => (
          <span key={name}>
            {index > 0 && ', '}
            <code>{`{{${name}}}`}</code>
          </span>
        )),
      })}
    </>
  );
}
