import { AppShell, Divider, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { SignOutDialog } from '../../features/auth/components/sign-out-dialog';
import { DfeLink } from '../../features/shell/components/dfe-link';
import { TopBar } from '../../features/shell/components/top-bar';
import { UserCard } from '../../features/shell/components/user-card';
import { getSession } from '../../lib/session';

/** Mantine's lg breakpoint (75em): the side bar shows from here up (1280 and 1366 px screens keep it). */
export const NAV_FOLD_BELOW_PX = 1200;

interface AppFrameProps {
  /** Menu of the area; gets a callback that closes the side bar on small screens. */
  menu: (onNavigate: () => void) => ReactNode;
  /** Extra line under the user (the member's selected company). */
  subtitle?: string;
}

/**
 * Shell shared by the member and partner areas (spec 01 §1): top bar, side bar, page. It holds the provider of
 * the confirmation modals (modals.openConfirmModal), which only signed-in pages use: kept out of the first
 * chunk the login page loads.
 */
export function AppFrame({ menu, subtitle }: AppFrameProps) {
  const [isNavOpened, nav] = useDisclosure(false);
  // Below 1200 px (a 1024 px office laptop) the side bar folds behind the top bar's menu button, so the tables
  // keep their columns and row actions on screen (decision 045); folded, it takes no focus.
  const isNavFoldable = useMediaQuery(`(max-width: ${NAV_FOLD_BELOW_PX - 0.1}px)`) ?? false;
  const [isSignOutOpened, signOutDialog] = useDisclosure(false);
  const session = getSession();
  return (
    <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Voltar' }}>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 250, breakpoint: NAV_FOLD_BELOW_PX, collapsed: { mobile: !isNavOpened } }}
        padding="md"
      >
        <AppShell.Header>
          <TopBar isNavOpened={isNavOpened} onToggleNav={nav.toggle} onSignOut={signOutDialog.open} />
        </AppShell.Header>
        <AppShell.Navbar p="sm" inert={isNavFoldable && !isNavOpened}>
          <AppShell.Section>
            <UserCard session={session} />
            {subtitle ? (
              <Text size="xs" c="dimmed" mt={6} lineClamp={2} data-testid="selected-company">
                {subtitle}
              </Text>
            ) : null}
          </AppShell.Section>
          <Divider my="sm" />
          <AppShell.Section grow component={ScrollArea}>
            {menu(nav.close)}
          </AppShell.Section>
          <Divider my="sm" />
          <AppShell.Section>
            <DfeLink />
          </AppShell.Section>
        </AppShell.Navbar>
        <AppShell.Main>
          <Outlet />
        </AppShell.Main>
        <SignOutDialog opened={isSignOutOpened} onClose={signOutDialog.close} />
      </AppShell>
    </ModalsProvider>
  );
}
