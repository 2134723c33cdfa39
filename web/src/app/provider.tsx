import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import 'dayjs/locale/pt-br';
import type { ReactNode } from 'react';
import { GlobalSpinner } from '../components/ui/global-spinner';
import { queryClient } from '../lib/query-client';

// Shade 8 of blue: white text on filled buttons at AA contrast (shade 6 is 3.5:1; issue 24).
const theme = createTheme({ primaryColor: 'blue', primaryShade: 8, defaultRadius: 'sm' });

/**
 * "Dimmed" text one shade darker than Mantine's gray 6 (3.3:1 on white): gray 7 reads at 4.5:1 or more, the
 * WCAG AA contrast axe-core checks on every screen (issue 24).
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
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
