import { checkTicketInput, TICKET_DESCRIPTION_MAX, TICKET_TITLE_MAX, ticketMessages } from '@app/contract';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { formatNumber } from '../../../components/ui/format';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCreateTicket } from '../api/create-ticket';
import { useKnowledgeBase } from '../api/get-knowledge-base';
import type { TicketProduct } from '../lib/ticket-product';
import { ProductPicker } from './product-picker';
import { RelatedTicketsDialog } from './related-tickets-dialog';

interface Props {
  opened: boolean;
  companyId: string;
  /** The product of the row action; without one (the list's add button) the user picks it. */
  product: TicketProduct | null;
  onClose: () => void;
}

/** "x/max", red once over the maximum (spec 02 §5). */
function Counter({ value, max, testId }: { value: string; max: number; testId: string }) {
  return (
    <Text size="xs" c={value.length > max ? 'red' : 'dimmed'} ta="right" data-testid={testId}>
      {value.length}/{max}
    </Text>
  );
}

/**
 * Create ticket modal (spec 02 §2, §5, §8): it first looks for related tickets by the product's GTIN and
 * offers to show them; title and description are checked with the spec's messages before sending.
 */
export function CreateTicketDialog({ opened, companyId, product, onClose }: Props) {
  const [chosen, setChosen] = useState<TicketProduct | null>(product);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [isRelatedOpen, setIsRelatedOpen] = useState(false);
  const create = useCreateTicket();
  const navigate = useNavigate();
  const related = useKnowledgeBase(opened ? chosen?.gtin : null);
  const relatedCount = related.data?.length ?? 0;

  useEffect(() => {
    if (!opened) return;
    setChosen(product);
    setTitle('');
    setDescription('');
  }, [opened, product]);

  const onSubmit = async () => {
    if (!chosen) {
      notify('warning', 'Selecione o produto do ticket!');
      return;
    }
    const problems = checkTicketInput({ title, description });
    if (problems.length) {
      for (const message of problems) notify('warning', message);
      return;
    }
    try {
      await create.mutateAsync({
        companyId,
        productId: chosen.id,
        code: chosen.internalCode,
        ticketIdReference: null,
        title: title.trim(),
        description: description.trim(),
      });
      notify('success', ticketMessages.created, 6000);
      onClose();
      navigate(paths.member.tickets);
    } catch (err) {
      // spec 02 §8: a 400 reads "Dados inválidos"; other non-200 replies of the tickets calls are ignored.
      if (err instanceof ApiError && err.status === 400) notify('warning', ticketMessages.invalid);
    }
  };

  return (
    <>
      <Modal opened={opened} onClose={onClose} title="Abrir ticket" size="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void onSubmit();
          }}
        >
          <Stack gap="sm">
            {product ? (
              <Text size="sm">
                <b>Produto:</b> {product.internalCode} - {product.description}
              </Text>
            ) : (
              <ProductPicker companyId={companyId} value={chosen} onChange={setChosen} />
            )}
            {relatedCount > 0 && (
              <Alert color="blue" icon={<IconBulb size={18} />} data-testid="related-tickets-offer">
                <Stack gap={6} align="flex-start">
                  <Text size="sm">
                    {relatedCount === 1
                      ? 'Encontramos 1 ticket relacionado a este produto (mesmo GTIN).'
                      : `Encontramos ${formatNumber(relatedCount)} tickets relacionados a este produto (mesmo GTIN).`}{' '}
                    Talvez a sua dúvida já tenha resposta.
                  </Text>
                  <Button size="xs" variant="light" onClick={() => setIsRelatedOpen(true)}>
                    Ver tickets relacionados
                  </Button>
                </Stack>
              </Alert>
            )}
            <div>
              <TextInput
                label="Título"
                withAsterisk
                data-autofocus
                value={title}
                onChange={(e) => setTitle(e.currentTarget.value)}
                error={title.length > TICKET_TITLE_MAX ? ticketMessages.titleMax : undefined}
              />
              <Counter value={title} max={TICKET_TITLE_MAX} testId="ticket-title-counter" />
            </div>
            <div>
              <Textarea
                label="Descrição"
                withAsterisk
                autosize
                minRows={4}
                maxRows={10}
                value={description}
                onChange={(e) => setDescription(e.currentTarget.value)}
                error={description.length > TICKET_DESCRIPTION_MAX ? ticketMessages.descriptionMax : undefined}
              />
              <Counter value={description} max={TICKET_DESCRIPTION_MAX} testId="ticket-description-counter" />
            </div>
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose}>
                Voltar
              </Button>
              <Button type="submit" loading={create.isPending}>
                Abrir ticket
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <RelatedTicketsDialog
        opened={isRelatedOpen}
        tickets={related.data ?? []}
        onClose={() => setIsRelatedOpen(false)}
      />
    </>
  );
}
