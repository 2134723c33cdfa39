import { notifications } from '@mantine/notifications';

/** Toast levels and durations of spec 01 §8–§9: default 3200 ms, warnings/errors 6000 ms. */
export type ToastLevel = 'success' | 'error' | 'warning' | 'info';
const colors: Record<ToastLevel, string> = { success: 'green', error: 'red', warning: 'yellow', info: 'blue' };
const defaults: Record<ToastLevel, number> = { success: 3200, info: 3200, warning: 6000, error: 6000 };

export function notify(level: ToastLevel, message: string, durationMs?: number): void {
  notifications.show({
    color: colors[level],
    message,
    autoClose: durationMs ?? defaults[level],
    withBorder: true,
    // Mantine's close button has no text: named, so a screen reader (and axe) can tell what it closes.
    closeButtonProps: { 'aria-label': 'Fechar aviso' },
    // data-level lets browser tests tell the levels apart
    'data-level': level,
  } as Parameters<typeof notifications.show>[0]);
}
