import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** A page's title may come after its lazy chunk and its first data: wait that long for it, no longer. */
const WAIT_FOR_HEADING_MS = 10_000;

/** Form fields the user may already be typing in when the title shows up: their focus is kept. */
const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * On every change of address (not of its query, which filters change while the user types) the focus moves to
 * the new page's h1, as a screen reader user and a keyboard user expect after following a link: the page is
 * announced by its title and the next Tab starts at the page, not in the side menu (issue 38, decision 063).
 * The first page of a visit keeps the browser's own start (and the login page its e-mail field).
 */
export function FocusOnRouteChange() {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const isFirst = previous.current === null;
    const hasChanged = previous.current !== pathname;
    previous.current = pathname;
    if (isFirst || !hasChanged) return;
    return focusHeadingWhenShown();
  }, [pathname]);
  return null;
}

/** Focuses the page's h1 as soon as it is in the document; returns what stops the wait. */
export function focusHeadingWhenShown(): () => void {
  const origin = document.activeElement;
  const tryFocus = (): boolean => {
    const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    const active = document.activeElement;
    // A dialog the page opened, or a field the user already typed in, keeps its focus.
    const isBusyElsewhere =
      !!active?.closest('[role="dialog"]') || (active !== origin && !!active && TYPING.has(active.tagName));
    if (!isBusyElsewhere) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = window.setTimeout(() => stop(), WAIT_FOR_HEADING_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
