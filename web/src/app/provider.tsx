import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, darken, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import 'dayjs/locale/pt-br';
import type { ReactNode } from 'react';
import { GlobalSpinner } from '../components/ui/global-spinner';
import { queryClient } from '../lib/query-client';

// Shade 8 of blue: white text on filled buttons at AA contrast (shade 6 is 3.5:1; issue 24).
// A table's scroll area takes the focus, so a keyboard user scrolls it with the arrows (axe
// scrollable-region-focusable); named so a screen reader says what it is. A group, not a region: a page with two
// tables would have two landmarks of one name (axe landmark-unique, issue 38).
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'sm',
  components: {
    // A dialog's close button is an icon: named for screen readers (axe button-name, critical; issue 38).
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    TableScrollContainer: {
      defaultProps: {
        scrollAreaProps: { viewportProps: { tabIndex: 0, role: 'group', 'aria-label': 'Tabela com rolagem' } },
      },
    },
  },
});

/**
 * Colours whose Mantine shades fail WCAG AA (4.5:1) where the app uses them: white on the filled shade 8, the
 * light variant's shade 9 on shade 1 (badges, alerts), text on white. Each gets shade 9 darkened just enough to
 * read at 4.5:1 or more on white and on its own light background (measured for the default palette; issue 24).
 */
const aaShades: Record<string, string> = {
  red: darken(DEFAULT_THEME.colors.red[9], 0.05),
  cyan: DEFAULT_THEME.colors.cyan[9],
  teal: darken(DEFAULT_THEME.colors.teal[9], 0.05),
  green: darken(DEFAULT_THEME.colors.green[9], 0.15),
  lime: darken(DEFAULT_THEME.colors.lime[9], 0.2),
  yellow: darken(DEFAULT_THEME.colors.yellow[9], 0.3),
  orange: darken(DEFAULT_THEME.colors.orange[9], 0.15),
};

const aaColorVariables = Object.fromEntries(
  Object.entries(aaShades).flatMap(([name, shade]) => [
    [`--mantine-color-${name}-text`, shade],
    [`--mantine-color-${name}-filled`, shade],
    [`--mantine-color-${name}-filled-hover`, darken(shade, 0.1)],
    [`--mantine-color-${name}-light-color`, shade],
    [`--mantine-color-${name}-outline`, shade],
  ]),
);

/**
 * "Dimmed" text and placeholders one shade darker than Mantine's gray 6 (3.3:1 on white): gray 7 reads at 4.5:1
 * or more, the WCAG AA contrast axe-core checks on every screen (issue 24).
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // A field's error text and border: Mantine's red 6 reads at 3.3:1 on white; the AA red like the rest.
    '--mantine-color-error': aaShades.red!,
    ...aaColorVariables,
  },
  dark: {},
});

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <DatesProvider settings={{ locale: 'pt-br' }}>
        <QueryClientProvider client={queryClient}>
          {/* The confirmation modals' provider lives in the signed-in frame (app-frame.tsx): the login page
              needs no Modal, and its first chunk stays within the 150 KB budget (issue 13). */}
          <Notifications position="top-right" limit={6} />
          <GlobalSpinner />
          {children}
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
