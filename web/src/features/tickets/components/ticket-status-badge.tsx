import { type TTicketStatus, ticketStatusLabels } from '@app/contract';
import { Badge } from '@mantine/core';

const colors: Record<TTicketStatus, string> = { Open: 'blue', Pending: 'yellow', Closed: 'gray' };

export function TicketStatusBadge({ status }: { status: TTicketStatus }) {
  return (
    <Badge color={colors[status]} variant="light" data-testid="ticket-status">
      {ticketStatusLabels[status]}
    </Badge>
  );
}
