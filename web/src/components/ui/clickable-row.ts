import type { KeyboardEvent } from 'react';

/**
 * Props of a table row (or any non-button element) that acts on click (issue 24): reachable with Tab, operated
 * with Enter or Space, with Mantine's visible focus ring (`mantine-focus-auto`: an outline on :focus-visible).
 * Keys pressed on a control inside the row (its actions menu, a checkbox) are that control's, not the row's.
 */
export function clickableRowProps(onActivate: () => void, label?: string) {
  return {
    tabIndex: 0,
    className: 'mantine-focus-auto',
    style: { cursor: 'pointer' },
    'aria-label': label,
    onClick: onActivate,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.target !== event.currentTarget) return;
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      onActivate();
    },
  };
}

/** Keyboard half only, for a row whose click is on some of its cells (the others hold buttons). */
export function rowKeyboardProps(onActivate: () => void) {
  const { onClick: _ignored, style: _style, ...rest } = clickableRowProps(onActivate);
  return rest;
}
