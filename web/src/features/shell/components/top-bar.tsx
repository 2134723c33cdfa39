import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconBell, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout } from '@tabler/icons-react';
import { Brand } from '../../../components/ui/brand';

interface TopBarProps {
  /** The side bar shows its labels (or, on a phone, is open). */
  isNavExpanded: boolean;
  /** What the side bar button does now: 'Recolher menu', 'Expandir menu' or, on a phone, 'Menu'. */
  navLabel: string;
  onToggleNav: () => void;
  onSignOut: () => void;
}

/** Branding, the side bar's button, an alerts button (no action yet, spec 01 §1) and sign-out. */
export function TopBar({ isNavExpanded, navLabel, onToggleNav, onSignOut }: TopBarProps) {
  const NavIcon = isNavExpanded ? IconLayoutSidebarLeftCollapse : IconLayoutSidebarLeftExpand;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Tooltip label={navLabel}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={navLabel}
            aria-expanded={isNavExpanded}
            onClick={onToggleNav}
            data-testid="nav-toggle"
          >
            <NavIcon size={20} />
          </ActionIcon>
        </Tooltip>
        <Brand />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Tooltip label="Alertas">
          <ActionIcon variant="subtle" size="lg" aria-label="Alertas">
            <IconBell size={20} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Sair">
          <ActionIcon variant="subtle" color="red" size="lg" aria-label="Sair" onClick={onSignOut}>
            <IconLogout size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
