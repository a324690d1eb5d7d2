import type { ComponentChildren } from 'preact';

/**
 * A labelled control with an optional hint and error, wired with aria-describedby so the hint
 * and the error are read with the control.
 */
export function Field(props: {
  id: string;
  label: string;
  hint?: ComponentChildren;
  error?: string | undefined;
  warning?: string | undefined;
  children: ComponentChildren;
}) {
  const { id, label, hint, error, warning, children } = props;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children}
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {warning && (
        <p class="field-warning" id={`${id}-warning`}>
          {warning}
        </p>
      )}
      {error && (
        <p class="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The ids `Field` renders for its hint, warning and error, for the control's aria-describedby. */
export function describedBy(
  id: string,
  parts: { hint?: boolean; warning?: boolean; error?: boolean },
): string | undefined {
  const ids = [
    parts.hint && `${id}-hint`,
    parts.warning && `${id}-warning`,
    parts.error && `${id}-error`,
  ].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
