import { getRoleLabel } from '@app/contract';
import { Avatar, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Session } from '../../../lib/session';

/** Tooltip of the role label: 'Administrador' for any role other than Member (spec 01 §6). */
export const roleTooltip = (role: string | undefined) => (role && role !== 'Member' ? 'Administrador' : 'Usuário');

export function UserCard({ session }: { session: Session | null }) {
  const name = session?.name?.trim() ?? '';
  const firstName = name.split(/\s+/)[0] ?? '';
  return (
    <Group gap="sm" wrap="nowrap" data-testid="user-card">
      <Avatar color="blue" radius="xl">
        {firstName.charAt(0).toUpperCase()}
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
