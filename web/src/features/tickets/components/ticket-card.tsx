import type { TTicket } from '@app/contract';
import { Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatDateTime } from '../../../components/ui/format';
import { TicketStatusBadge } from './ticket-status-badge';

interface Props {
  ticket: TTicket;
  onOpen: (ticket: TTicket) => void;
}

/** A ticket of the list (spec 02 §2): status, title, specification description, creator, company, date. */
export function TicketCard({ ticket, onOpen }: Props) {
  return (
    <UnstyledButton onClick={() => onOpen(ticket)} aria-label={`Abrir ticket ${ticket.title}`} display="block" h="100%">
      <Card withBorder padding="md" radius="md" h="100%" data-testid="ticket-card">
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap">
            <TicketStatusBadge status={ticket.status} />
            <Text size="xs" c="dimmed">
              {formatDateTime(ticket.createdAt)}
            </Text>
          </Group>
          <Text fw={600} lineClamp={2}>
            {ticket.title}
          </Text>
          <Text size="sm" lineClamp={1}>
            {ticket.specification.description}
          </Text>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="xs" c="dimmed" lineClamp={1}>
              {ticket.createdByName}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1} ta="right">
              {ticket.companyNomeFantasia}
            </Text>
          </Group>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}
