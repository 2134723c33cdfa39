import type { TTicket } from '@app/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Center,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconRefresh, IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { formatNumber } from '../../../components/ui/format';
import { Pager, useStayWithinLastPage } from '../../../components/ui/pager';
import { getSelectedCompany, getSession, hasSelectedCompany } from '../../../lib/session';
import { useTicket } from '../api/get-ticket';
import { type TicketSide, useTickets } from '../api/get-tickets';
import { CreateTicketDialog } from '../components/create-ticket-dialog';
import { TicketCard } from '../components/ticket-card';
import { TicketChat } from '../components/ticket-chat';

/**
 * /member/tickets and /partner/tickets (spec 02 §2 "Tickets"): the list with a count, or, with ?ticket=id,
 * the chat of one ticket (the link the notification e-mails carry). The side is Member when the path says so.
 */
export default function TicketsPage() {
  const side: TicketSide = useLocation().pathname.includes('/member') ? 'member' : 'partner';
  const [params, setParams] = useSearchParams();
  const ticketId = params.get('ticket');
  return ticketId ? (
    <TicketChatRoute ticketId={ticketId} onBack={() => setParams({})} />
  ) : (
    <TicketList side={side} onOpen={(t) => setParams({ ticket: t.id })} />
  );
}

function TicketChatRoute({ ticketId, onBack }: { ticketId: string; onBack: () => void }) {
  const ticket = useTicket(ticketId);
  if (ticket.data) {
    return (
      <TicketChat
        ticket={ticket.data}
        role={getSession()?.role}
        onBack={onBack}
        onRefresh={() => void ticket.refetch()}
      />
    );
  }
  if (ticket.isError) {
    return (
      <Center h="40vh">
        <Stack align="center" gap="xs">
          <Text c="dimmed">Ticket não encontrado.</Text>
          <Button variant="light" onClick={onBack}>
            Voltar
          </Button>
        </Stack>
      </Center>
    );
  }
  return <Skeleton h={240} radius="md" />;
}

type CompanyScope = 'selected' | 'all';

function TicketList({ side, onOpen }: { side: TicketSide; onOpen: (t: TTicket) => void }) {
  const [page, setPage] = useState(1);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  // A Member sees the selected company's tickets, or all of their companies' on demand (issue 24).
  const selected = getSelectedCompany();
  const [scope, setScope] = useState<CompanyScope>('selected');
  const companyId = side === 'member' && scope === 'selected' && hasSelectedCompany() ? selected.id : undefined;
  const list = useTickets(side, page, companyId);
  const tickets = list.data?.objects ?? [];
  const count = list.data?.count ?? 0;
  useStayWithinLastPage(page, list.data?.pages, setPage);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={1} size="h2">
            Tickets
          </Title>
          <Badge variant="light" size="lg" data-testid="tickets-count">
            {formatNumber(count)} {count === 1 ? 'ticket' : 'tickets'}
          </Badge>
        </Group>
        <Group gap="xs">
          {side === 'member' && hasSelectedCompany() && (
            <SegmentedControl
              aria-label="Empresas dos tickets"
              value={scope}
              onChange={(v) => {
                setScope(v as CompanyScope);
                setPage(1);
              }}
              data={[
                { value: 'selected', label: selected.nomeFantasia ?? 'Empresa selecionada' },
                { value: 'all', label: 'Todas as minhas empresas' },
              ]}
            />
          )}
          {side === 'member' && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setIsCreateOpen(true)}>
              Adicionar
            </Button>
          )}
          <Tooltip label="Atualizar">
            <ActionIcon variant="light" size="lg" aria-label="Atualizar" onClick={() => void list.refetch()}>
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      {list.isLoading ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[1, 2, 3, 4, 5, 6].map((i) => (
            <Skeleton key={i} h={130} radius="md" />
          ))}
        </SimpleGrid>
      ) : tickets.length === 0 ? (
        <Center h="40vh">
          <Stack align="center" gap="xs">
            <IconTicket size={40} stroke={1.2} />
            <Text c="dimmed">Nenhum ticket encontrado.</Text>
          </Stack>
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {tickets.map((t) => (
            <TicketCard key={t.id} ticket={t} onOpen={onOpen} />
          ))}
        </SimpleGrid>
      )}
      {(list.data?.pages ?? 1) > 1 && (
        <Pager
          page={list.data?.currentPage ?? page}
          pages={list.data?.pages ?? 1}
          onChange={setPage}
          ariaLabel="Paginação de tickets"
        />
      )}
      {side === 'member' && (
        <CreateTicketDialog
          opened={isCreateOpen}
          companyId={getSelectedCompany().id}
          product={null}
          onClose={() => setIsCreateOpen(false)}
        />
      )}
    </Stack>
  );
}
