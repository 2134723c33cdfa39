import { AppShell, Divider, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { SignOutDialog } from '../../features/auth/components/sign-out-dialog';
import { DfeLink } from '../../features/shell/components/dfe-link';
import { TopBar } from '../../features/shell/components/top-bar';
import { UserCard } from '../../features/shell/components/user-card';
import { getSession } from '../../lib/session';

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
  const [isSignOutOpened, signOutDialog] = useDisclosure(false);
  const session = getSession();
  return (
    <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Voltar' }}>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !isNavOpened } }}
        padding="md"
      >
        <AppShell.Header>
          <TopBar isNavOpened={isNavOpened} onToggleNav={nav.toggle} onSignOut={signOutDialog.open} />
        </AppShell.Header>
        <AppShell.Navbar p="sm">
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
