import { getRoleLabel } from '@app/contract';
import { Avatar, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Session } from '../../../lib/session';

/** Tooltip of the role label: 'Administrador' for any role other than Member (spec 01 §6). */
export const roleTooltip = (role: string | undefined) => (role && role !== 'Member' ? 'Administrador' : 'Usuário');

interface UserCardProps {
  session: Session | null;
  /** The side bar is a rail of icons: only the initial, with the name, role and company in its tooltip. */
  isCompact?: boolean;
  subtitle?: string;
}

export function UserCard({ session, isCompact = false, subtitle }: UserCardProps) {
  const name = session?.name?.trim() ?? '';
  const firstName = name.split(/\s+/)[0] ?? '';
  const initial = firstName.charAt(0).toUpperCase();
  if (isCompact) {
    const summary = [firstName, getRoleLabel(session?.role), subtitle].filter(Boolean).join(' · ');
    return (
      <Tooltip label={summary} position="right">
        <Avatar color="blue" radius="xl" mx="auto" aria-label={summary} role="img" data-testid="user-card">
          {initial}
        </Avatar>
      </Tooltip>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap" data-testid="user-card">
      <Avatar color="blue" radius="xl">
        {initial}
      </Avatar>
      <Stack gap={0}>
        <Text fw={600} size="sm" data-testid="user-first-name">
          {firstName}
        </Text>
        <Tooltip label={roleTooltip(session?.role)}>
          <Text size="xs" c="dimmed" data-testid="user-role">
            {getRoleLabel(session?.role)}
          </Text>
        </Tooltip>
      </Stack>
    </Group>
  );
}
