import type { TTicketComment } from '@app/contract';
import { Badge, Group, Paper, Text } from '@mantine/core';
import { formatDateTime } from '../../../components/ui/format';

/** One chat message: the caller's own on the right, the others' on the left (spec 02 §2). */
export function TicketCommentBubble({ comment }: { comment: TTicketComment }) {
  const isMine = comment.itsMine;
  return (
    <Group justify={isMine ? 'flex-end' : 'flex-start'} data-testid="ticket-comment" data-mine={isMine}>
      <Paper
        withBorder
        radius="md"
        p="xs"
        maw="75%"
        bg={isMine ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-gray-light)'}
      >
        <Group gap={6} mb={2} justify="space-between">
          <Text size="xs" fw={600}>
            {comment.createdByName}
          </Text>
          {comment.knowledgeBase && (
            <Badge size="xs" color="teal" variant="filled">
              Base de conhecimento
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.text}
        </Text>
        <Text size="xs" c="dimmed" ta="right" mt={2}>
          {formatDateTime(comment.createdAt)}
        </Text>
      </Paper>
    </Group>
  );
}
