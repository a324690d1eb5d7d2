import { useEffect } from 'preact/hooks';

/** Space left between a focused field (with its hint) and the top of the sticky Save bar. */
const CLEARANCE_PX = 8;
/** What belongs with a focused control and should be seen with it: its label and hint. */
const FIELD = '.field, .tag-input, .label-row, .modes';

/**
 * The Save bar sticks to the bottom of the popup while the note scrolls (issue 7), so the browser,
 * which scrolls a focused element just into the viewport, may leave it under the bar (issue 19:
 * the "Show rendered preview" link, the tags' hint in the "clipped before" state). On every focus
 * change, and when content arriving later changes the popup's height, this scrolls the focused
 * control and the field around it (label, hint) above the bar;
 * the scroll padding keeps the browser's own scrolling (find in page, scrollIntoView) clear too.
 */
export function useSaveBarClearance(): void {
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof Element) keepClearOfSaveBar(event.target);
    };
    document.addEventListener('focusin', onFocus);
    // What arrives after the focus (the "clipped before" box, a service banner) pushes the
    // focused field down, under the bar: keep it clear when the popup's height changes too.
    let height = document.body.offsetHeight;
    const resized = new ResizeObserver(() => {
      if (document.body.offsetHeight === height) return;
      height = document.body.offsetHeight;
      const focused = document.activeElement;
      if (focused && focused !== document.body) keepClearOfSaveBar(focused);
    });
    resized.observe(document.body);
    return () => {
      document.removeEventListener('focusin', onFocus);
      resized.disconnect();
    };
  }, []);
}

export function keepClearOfSaveBar(focused: Element): void {
  const bar = document.querySelector('.save-row');
  // A bar in a hidden panel (the Recent notes tab is shown) has no box: nothing to clear.
  if (!(bar instanceof HTMLElement) || bar.contains(focused) || !bar.getClientRects().length)
    return;
  document.documentElement.style.scrollPaddingBottom = `${bar.offsetHeight + CLEARANCE_PX}px`;
  const barTop = bar.getBoundingClientRect().top;
  const own = focused.getBoundingClientRect();
  const field = focused.closest(FIELD)?.getBoundingClientRect();
  // The whole field when it fits above the bar, else the control itself from its top.
  const room = barTop - CLEARANCE_PX;
  const bottom =
    field && field.bottom - Math.min(field.top, own.top) < room ? field.bottom : own.bottom;
  const overlap = bottom + CLEARANCE_PX - barTop;
  if (overlap > 0 && own.top - overlap >= 0) window.scrollBy({ top: overlap });
  else if (overlap > 0) window.scrollBy({ top: own.top });
}
