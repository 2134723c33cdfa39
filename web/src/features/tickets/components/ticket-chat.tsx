import { canDo, displayGtin, type Role, type TTicket, ticketMessages } from '@app/contract';
import { ActionIcon, Button, Group, Paper, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../components/ui/format';
import { useCan } from '../../auth/lib/use-can';
import { useAddTicketComment } from '../api/add-ticket-comment';
import { useCloseTicket } from '../api/close-ticket';
import { useTicketComments } from '../lib/use-ticket-comments';
import { TicketCommentBubble } from './ticket-comment-bubble';
import { TicketCommentInput } from './ticket-comment-input';
import { TicketStatusBadge } from './ticket-status-badge';

interface Props {
  ticket: TTicket;
  role: Role | undefined;
  onBack: () => void;
  /** Refetches the ticket (status, after a comment, a close, or a poll). */
  onRefresh: () => void;
}

/** Chat view (spec 02 §2, §4): header, finalize, the ticket, its comments (polled every 10 s) and the input. */
export function TicketChat({ ticket, role, onBack, onRefresh }: Props) {
  const { comments, isLoading, merge } = useTicketComments(ticket.id, onRefresh);
  const addComment = useAddTicketComment();
  const closeTicket = useCloseTicket();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const isClosed = ticket.status === 'Closed';
  // A Member closes a co-worker's ticket only with "Gravar" (decision 020); the server checks the same.
  const { isMember, allows } = useCan();
  const mayClose = !isMember || ticket.itsMine || allows('Create');

  // New comments (first load, a poll, one just sent): scroll down to them.
  useEffect(() => {
    if (comments.length === 0) return;
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight, behavior: 'smooth' });
  }, [comments.length]);

  const onSend = async (text: string, knowledgeBase: boolean) => {
    try {
      merge([await addComment.mutateAsync({ ticketId: ticket.id, text, knowledgeBase })]);
      return true;
    } catch {
      return false;
    } finally {
      onRefresh();
    }
  };

  const onConfirmClose = async () => {
    setIsConfirmOpen(false);
    await closeTicket.mutateAsync(ticket.id).catch(() => undefined);
    onRefresh();
  };

  return (
    <Stack gap="md" h="calc(100vh - 120px)">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="light" size="lg" aria-label="Voltar" onClick={onBack}>
            <IconArrowLeft size={18} />
          </ActionIcon>
          <div>
            <Title order={2} size="h3" lineClamp={1} data-testid="ticket-specification">
              {ticket.specification.description}
            </Title>
            <Text size="sm" c="dimmed">
              Código: {ticket.specification.code}
              {ticket.specification.gtin ? ` · GTIN ${displayGtin(ticket.specification.gtin)}` : ''}
            </Text>
          </div>
        </Group>
        {!isClosed && mayClose && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconCircleCheck size={16} />}
            onClick={() => setIsConfirmOpen(true)}
          >
            Finalizar Ticket
          </Button>
        )}
      </Group>

      <Paper withBorder p="sm">
        <Group justify="space-between" mb={4}>
          <Text fw={600}>{ticket.title}</Text>
          <TicketStatusBadge status={ticket.status} />
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {ticket.description}
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          {ticket.createdByName} · {ticket.companyNomeFantasia} · {formatDateTime(ticket.createdAt)}
        </Text>
      </Paper>

      <ScrollArea style={{ flex: 1 }} viewportRef={viewport} type="auto">
        <Stack gap="xs" p="xs" data-testid="ticket-comments">
          {isLoading && comments.length === 0 && [1, 2, 3].map((i) => <Skeleton key={i} h={56} radius="md" />)}
          {!isLoading && comments.length === 0 && (
            <Text c="dimmed" ta="center" size="sm">
              Nenhum comentário ainda.
            </Text>
          )}
          {comments.map((c) => (
            <TicketCommentBubble key={c.id} comment={c} />
          ))}
        </Stack>
      </ScrollArea>

      {!isClosed && (
        <TicketCommentInput
          canFlagKnowledgeBase={role !== 'Member' && canDo(role, 'write', 'knowledge-base')}
          isSending={addComment.isPending}
          onSend={onSend}
        />
      )}

      <ConfirmDialog
        opened={isConfirmOpen}
        title="Finalizar Ticket"
        message={ticketMessages.closeConfirm}
        confirmLabel="Finalizar"
        confirmColor="red"
        onCancel={() => setIsConfirmOpen(false)}
        onConfirm={() => void onConfirmClose()}
      />
    </Stack>
  );
}
