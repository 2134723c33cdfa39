import { ActionIcon, Burger, Group, Tooltip } from '@mantine/core';
import { IconBell, IconLogout } from '@tabler/icons-react';
import { Brand } from '../../../components/ui/brand';

interface TopBarProps {
  isNavOpened: boolean;
  onToggleNav: () => void;
  onSignOut: () => void;
}

/** Branding, an alerts button (no action yet, spec 01 §1) and sign-out. */
export function TopBar({ isNavOpened, onToggleNav, onSignOut }: TopBarProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={isNavOpened}
          onClick={onToggleNav}
          hiddenFrom="lg"
          size="sm"
          aria-label="Menu"
          aria-expanded={isNavOpened}
        />
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
