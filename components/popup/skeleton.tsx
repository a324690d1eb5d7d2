/** Drawn on the first frame, before anything is read: the shape of the editor, greyed. */
export function EditorSkeleton() {
  return (
    <div class="skeleton" aria-busy="true">
      <p class="muted">Reading the page…</p>
      <span class="bone short" />
      <span class="bone" />
      <span class="bone" />
      <span class="bone tall" />
    </div>
  );
}
