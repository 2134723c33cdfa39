import { AppShell, Divider, ScrollArea, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { SignOutDialog } from '../../features/auth/components/sign-out-dialog';
import { DfeLink } from '../../features/shell/components/dfe-link';
import { TopBar } from '../../features/shell/components/top-bar';
import { UserCard } from '../../features/shell/components/user-card';
import { getSession } from '../../lib/session';

/** Below this width the side bar starts as a rail of icons (a 1024 px laptop keeps the tables' columns). */
export const NAV_RAIL_BELOW_PX = 1200;
/** Below Mantine's sm breakpoint (a phone) the side bar is an overlay opened by the top bar's button. */
const NAV_OVERLAY_BREAKPOINT = 'sm';
const NAV_WIDTH = 250;
const NAV_RAIL_WIDTH = 64;

interface AppFrameProps {
  /** Menu of the area; gets whether it is a rail of icons and a callback that closes the overlay on phones. */
  menu: (options: { isRail: boolean; onNavigate: () => void }) => ReactNode;
  /** Extra line under the user (the member's selected company). */
  subtitle?: string;
}

/**
 * Shell shared by the member and partner areas (spec 01 §1): top bar, side bar, page. It holds the provider of
 * the confirmation modals (modals.openConfirmModal), which only signed-in pages use: kept out of the first
 * chunk the login page loads.
 *
 * The side bar stays on screen from 768 px up (issue 38, decision 063): from 1200 px with its labels, below as a
 * 64 px rail of icons whose labels are tooltips and accessible names, so a 1024 px page keeps ~920 px. The top
 * bar's button switches between the two, and the choice is kept in this browser.
 */
export function AppFrame({ menu, subtitle }: AppFrameProps) {
  const [isOverlayOpened, overlay] = useDisclosure(false);
  const isWide = useMediaQuery(`(min-width: ${NAV_RAIL_BELOW_PX}px)`, true, { getInitialValueInEffect: false });
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  // null: the width decides; true/false: the user's own choice, kept in this browser.
  const [railChoice, setRailChoice] = useLocalStorage<boolean | null>({ key: 'navRail', defaultValue: null });
  const isRail = !isPhone && (railChoice ?? !isWide);
  const [isSignOutOpened, signOutDialog] = useDisclosure(false);
  const session = getSession();
  const onToggleNav = () => (isPhone ? overlay.toggle() : setRailChoice(!isRail));
  return (
    <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Voltar' }}>
      <AppShell
        header={{ height: 60 }}
        navbar={{
          width: isRail ? NAV_RAIL_WIDTH : NAV_WIDTH,
          breakpoint: NAV_OVERLAY_BREAKPOINT,
          collapsed: { mobile: !isOverlayOpened },
        }}
        padding="md"
      >
        <AppShell.Header>
          <TopBar
            isNavExpanded={isPhone ? isOverlayOpened : !isRail}
            navLabel={isPhone ? 'Menu' : isRail ? 'Expandir menu' : 'Recolher menu'}
            onToggleNav={onToggleNav}
            onSignOut={signOutDialog.open}
          />
        </AppShell.Header>
        {/* On a phone the closed overlay is off-screen: its links take no focus. */}
        <AppShell.Navbar p={isRail ? 'xs' : 'sm'} inert={isPhone && !isOverlayOpened} aria-label="Menu lateral">
          <AppShell.Section>
            <UserCard session={session} isCompact={isRail} subtitle={subtitle} />
            {subtitle && !isRail ? (
              <Text size="xs" c="dimmed" mt={6} lineClamp={2} data-testid="selected-company">
                {subtitle}
              </Text>
            ) : null}
          </AppShell.Section>
          <Divider my="sm" />
          <AppShell.Section grow component={ScrollArea} scrollbars="y">
            {menu({ isRail, onNavigate: overlay.close })}
          </AppShell.Section>
          <Divider my="sm" />
          <AppShell.Section>
            <DfeLink isCompact={isRail} />
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
