import type { TKnowledgeBaseTicket } from '@app/contract';
import { Badge, Card, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../components/ui/format';
import { TicketStatusBadge } from './ticket-status-badge';

interface Props {
  opened: boolean;
  tickets: TKnowledgeBaseTicket[];
  onClose: () => void;
}

/** The related tickets of a GTIN (spec 02 §2 "optional related-tickets list") with their knowledge-base answers. */
export function RelatedTicketsDialog({ opened, tickets, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Tickets relacionados" size="lg" zIndex={300}>
      <ScrollArea.Autosize mah="60vh">
        <Stack gap="sm">
          {tickets.map((t) => (
            <Card key={t.id} withBorder padding="sm" data-testid="related-ticket">
              <Group justify="space-between" mb={4}>
                <Text fw={600}>{t.title}</Text>
                <TicketStatusBadge status={t.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {t.specification.code} - {t.specification.description} · {t.companyNomeFantasia} ·{' '}
                {formatDateTime(t.createdAt)}
              </Text>
              <Text size="sm" mt={6}>
                {t.description}
              </Text>
              {t.comments.length === 0 ? (
                <Text size="xs" c="dimmed" mt={6}>
                  Sem respostas na base de conhecimento.
                </Text>
              ) : (
                t.comments.map((c) => (
                  <Card key={c.id} bg="var(--mantine-color-blue-light)" mt={6} padding="xs">
                    <Group gap={6} mb={2}>
                      <Badge size="xs" variant="filled">
                        Base de conhecimento
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {c.createdByName} · {formatDateTime(c.createdAt)}
                      </Text>
                    </Group>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {c.text}
                    </Text>
                  </Card>
                ))
              )}
            </Card>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Modal>
  );
}
