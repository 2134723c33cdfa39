import { TICKET_COMMENT_MAX, ticketMessages } from '@app/contract';
import { Button, Group, Paper, Stack, Switch, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../lib/notify';

interface Props {
  /** Staff may flag a comment as knowledge base (spec 02 §6). */
  canFlagKnowledgeBase: boolean;
  isSending: boolean;
  /** Resolves true when the comment was saved (the input is then cleared). */
  onSend: (text: string, knowledgeBase: boolean) => Promise<boolean>;
}

/** The chat's input, growing to 10 lines; a blank comment is refused for 2.5 s (spec 02 §5, §9). */
export function TicketCommentInput({ canFlagKnowledgeBase, isSending, onSend }: Props) {
  const [text, setText] = useState('');
  const [isKnowledgeBase, setIsKnowledgeBase] = useState(false);

  const send = async () => {
    if (!text.trim()) {
      notify('warning', ticketMessages.commentBlank, 2500);
      return;
    }
    if (await onSend(text, isKnowledgeBase)) {
      setText('');
      setIsKnowledgeBase(false);
    }
  };

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Textarea
          aria-label="Comentário"
          placeholder="Escreva um comentário"
          autosize
          minRows={1}
          maxRows={10}
          maxLength={TICKET_COMMENT_MAX}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <Group justify={canFlagKnowledgeBase ? 'space-between' : 'flex-end'}>
          {canFlagKnowledgeBase && (
            <Switch
              label="Base de conhecimento"
              checked={isKnowledgeBase}
              onChange={(e) => setIsKnowledgeBase(e.currentTarget.checked)}
            />
          )}
          <Button leftSection={<IconSend size={16} />} loading={isSending} onClick={() => void send()}>
            Enviar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
