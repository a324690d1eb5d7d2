import { useState } from 'preact/hooks';
import { TEMPLATE_VARIABLES } from '../../utils/clip';
import {
  CLIP_MODE_LABELS,
  type ClipDefaults,
  clipDefaultsSchema,
  DEFAULT_CLIP_MODES,
  type DefaultClipMode,
  parseTags,
  type QuickCaptureSettings,
  saveClipDefaults,
  saveQuickCaptureSettings,
  type TemplateChoice,
} from '../../utils/settings';
import { describedBy, Field } from './field';
import { type Status, StatusLine } from './status';
import { BUILT_IN_TEMPLATES, previewNote } from './templates';

interface Props {
  saved: ClipDefaults;
  savedQuickCapture: QuickCaptureSettings;
  onSaved(defaults: ClipDefaults, quickCapture: QuickCaptureSettings): void;
}

const CUSTOM = 'custom';

/**
 * Defaults for new clips, and how quick captures (which use them) are confirmed. Saved
 * explicitly with “Save defaults”; unsaved edits are marked.
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

  const template: TemplateChoice =
    templateId === CUSTOM
      ? { kind: 'custom', text: customText }
      : { kind: 'builtin', id: templateId };
  const draft: ClipDefaults = { tags: parseTags(tags), mode, template, stripTracking };
  const quickCaptureDraft: QuickCaptureSettings = { notifications };
  const unsaved =
    JSON.stringify(draft) !== JSON.stringify(saved) ||
    notifications !== savedQuickCapture.notifications;
  const preview = previewNote(template, stripTracking);

  async function save(event: Event) {
    event.preventDefault();
    const parsed = clipDefaultsSchema.safeParse(draft);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setStatus({
        tone: 'error',
        text: `Nothing was saved: ${issue?.message ?? 'a value is not valid'}.`,
      });
      return;
    }
    await Promise.all([saveClipDefaults(parsed.data), saveQuickCaptureSettings(quickCaptureDraft)]);
    onSaved(parsed.data, quickCaptureDraft);
    setTags(parsed.data.tags.join(', '));
    setStatus({ tone: 'ok', text: 'Defaults saved. New clips use them from now on.' });
  }

  return (
    <section aria-labelledby="defaults-heading">
      <h2 id="defaults-heading">Defaults for new clips</h2>
      <form onSubmit={save} noValidate>
        <Field id="default-tags" label="Default tags" hint="Separate tags with commas.">
          <input
            id="default-tags"
            type="text"
            value={tags}
            aria-describedby={describedBy('default-tags', { hint: true })}
            onInput={(event) => setTags(event.currentTarget.value)}
          />
        </Field>
        <Field id="clip-mode" label="Default clip mode">
          <select
            id="clip-mode"
            value={mode}
            onChange={(event) => setMode(event.currentTarget.value as DefaultClipMode)}
          >
            {DEFAULT_CLIP_MODES.map((value) => (
              <option key={value} value={value}>
                {CLIP_MODE_LABELS[value]}
              </option>
            ))}
          </select>
        </Field>
        <div class="field checkbox">
          <input
            id="strip-tracking"
            type="checkbox"
            checked={stripTracking}
            aria-describedby="strip-tracking-hint"
            onChange={(event) => setStripTracking(event.currentTarget.checked)}
          />
          <label for="strip-tracking">Remove tracking parameters from page addresses</label>
          <p class="hint" id="strip-tracking-hint">
            Drops utm_source, fbclid and similar parameters from the source link kept in the note.
          </p>
        </div>
        <Field id="template" label="Note template">
          <select
            id="template"
            value={templateId}
            onChange={(event) => {
              const id = event.currentTarget.value;
              // Starting a custom template from the chosen built-in is easier than from nothing.
              if (id === CUSTOM && templateId !== CUSTOM) {
                setCustomText(templateText(templateId));
              }
              setTemplateId(id);
            }}
          >
            {BUILT_IN_TEMPLATES.map((builtIn) => (
              <option key={builtIn.id} value={builtIn.id}>
                {builtIn.label}
              </option>
            ))}
            <option value={CUSTOM}>Custom template</option>
          </select>
        </Field>
        {templateId === CUSTOM && (
          <Field id="custom-template" label="Custom template" hint={<TemplateHelp />}>
            <textarea
              id="custom-template"
              rows={8}
              spellcheck={false}
              value={customText}
              aria-describedby={describedBy('custom-template', { hint: true })}
              onInput={(event) => setCustomText(event.currentTarget.value)}
            />
          </Field>
        )}
        <div class="field">
          <span class="label" id="preview-label">
            Preview on a sample page
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
            onChange={(event) => setNotifications(event.currentTarget.checked)}
          />
          <label for="quick-capture-notifications">
            Show a notification after each quick capture
          </label>
          <p class="hint" id="quick-capture-notifications-hint">
            Clips made from the right-click menu or a keyboard shortcut are confirmed by a system
            notification. Without it, the toolbar badge still counts clips that are waiting, and a
            page that could not be clipped gets a “!” badge with the reason.
          </p>
        </div>
        <div class="actions">
          <button type="submit" class="primary">
            Save defaults
          </button>
          {unsaved && <span class="unsaved">Unsaved changes</span>}
        </div>
        <StatusLine status={status} />
      </form>
    </section>
  );
}

function templateText(id: string): string {
  return BUILT_IN_TEMPLATES.find((template) => template.id === id)?.text ?? '';
}

function TemplateHelp() {
  return (
    <>
      Placeholders are filled in for each clip:{' '}
      {TEMPLATE_VARIABLES.map((name, index) => (
        <span key={name}>
          {index > 0 && ', '}
          <code>{`{{${name}}}`}</code>
        </span>
      ))}
      . A line whose placeholders are all empty is left out.
    </>
  );
}
