import { BIND_FINALIZED_TOAST_MS, displayGtin, type TSharedProduct } from '@app/contract';
import { Badge, Button, Group, Modal, Radio, ScrollArea, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { clickableRowProps } from '../../../components/ui/clickable-row';
import { formatCest, formatNcm } from '../../../components/ui/fiscal-masks';
import { formatNumber } from '../../../components/ui/format';
import { notify } from '../../../lib/notify';
import { useBindProducts } from '../api/bind-products';
import { useBindingCandidates } from '../api/get-binding-candidates';
import { firstWords } from '../lib/first-words';

/** A product to bind: any product row (products home, pending products of several companies). */
export interface BindSubject {
  id: string;
  description: string;
  companyId?: string;
}

interface Props {
  /**
   * The products to bind, the first being the one the modal searches for (its company's UF, its
   * description). One product → POST /products/binding; several → POST /products/bindinginbatch.
   * null = closed.
   */
  products: BindSubject[] | null;
  onClose: () => void;
  /** After a binding: the caller clears its marks and reloads its list. */
  onBound: (result: { finalized: boolean; count: number }) => void;
  /** "Produtos marcados (n)": shown when several products of a single company are marked. */
  onShowMarked?: () => void;
}

/**
 * Shared product base search modal, "bind code" (spec 02 §2): search by description (prefilled with
 * the first two words of the product's description), a table of global products with a radio
 * choice, Back, "Produtos marcados (n)" and "Vincular" / "Vincular produtos" (enabled once a row is
 * chosen). A binding that finalizes shows its message for 5 s (spec 02 §9); one that is not linked
 * shows the server's message as info (spec 02 §8).
 */
const BIND_IN_AUDIT_TOAST_MS = 12_000;

export function BindCodeDialog({ products, onClose, onBound, onShowMarked }: Props) {
  const first = products?.[0] ?? null;
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const bind = useBindProducts();
  const candidates = useBindingCandidates(
    first && searched ? { productId: first.id, productDescription: searched } : null,
  );

  // Reset when another product opens the modal (not when the caller re-renders with the same one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the product's id and description
  useEffect(() => {
    const start = first ? firstWords(first.description) : '';
    setText(start);
    setSearched(start);
    setChosen(null);
  }, [first?.id, first?.description]);

  const count = products?.length ?? 0;
  const companies = new Set(products?.map((p) => p.companyId ?? '') ?? []);
  const isBatch = count > 1;
  const list = candidates.data?.products ?? [];

  const search = () => {
    setChosen(null);
    setSearched(text.trim());
    if (!text.trim()) notify('warning', 'Preencha o campo de texto da pesquisa!');
  };

  const onBind = async () => {
    if (!products || !chosen) return;
    try {
      const res = await bind.mutateAsync({ productIds: products.map((p) => p.id), fiscalServiceProduct: chosen });
      if (!res.linked) notify('info', res.message);
      else if (res.finalized) notify('success', res.message, BIND_FINALIZED_TOAST_MS);
      // In audit (another GTIN): long enough to read where the product went (it leaves a Member's list).
      else notify('info', res.message, BIND_IN_AUDIT_TOAST_MS);
      onBound({ finalized: res.finalized, count });
    } catch {
      // the api client already showed the server's message
    }
  };

  return (
    <Modal opened={!!first} onClose={onClose} size="80rem" title="Base compartilhada de produtos">
      <Stack gap="sm">
        {first && (
          <Text size="sm" c="dimmed" data-testid="bind-subject">
            {isBatch ? `${formatNumber(count)} produtos a vincular. Pesquisa para: ` : 'Produto: '}
            <Text span fw={600} c="var(--mantine-color-text)">
              {first.description}
            </Text>
          </Text>
        )}
        <Group gap="xs" align="flex-end">
          <TextInput
            flex={1}
            label="Descrição"
            aria-label="Pesquisar por descrição"
            leftSection={<IconSearch size={14} />}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') search();
            }}
            data-autofocus
          />
          <Button variant="light" onClick={search}>
            Pesquisar
          </Button>
        </Group>
        <CandidatesTable list={list} isLoading={candidates.isFetching} chosen={chosen} onChoose={setChosen} />
        <Group justify="space-between">
          <Button variant="default" onClick={onClose}>
            Voltar
          </Button>
          <Group gap="xs">
            {isBatch && companies.size === 1 && onShowMarked && (
              <Button variant="light" onClick={onShowMarked}>
                Produtos marcados ({formatNumber(count)})
              </Button>
            )}
            <Button onClick={() => void onBind()} disabled={!chosen} loading={bind.isPending}>
              {isBatch ? 'Vincular produtos' : 'Vincular'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

interface TableProps {
  list: TSharedProduct[];
  isLoading: boolean;
  chosen: string | null;
  onChoose: (code: string) => void;
}

function CandidatesTable({ list, isLoading, chosen, onChoose }: TableProps) {
  if (isLoading) return <Skeleton height={160} data-testid="bind-candidates-loading" />;
  if (list.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        Nenhum produto encontrado na base compartilhada. Tente outras palavras da descrição.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah="55vh">
      <Table highlightOnHover aria-label="Produtos da base compartilhada" data-testid="bind-candidates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID</Table.Th>
            <Table.Th>Descrição</Table.Th>
            <Table.Th>GTIN</Table.Th>
            <Table.Th>NCM</Table.Th>
            <Table.Th>CEST</Table.Th>
            <Table.Th w={50} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((g) => (
            <Table.Tr key={g.id} {...clickableRowProps(() => onChoose(g.code))}>
              <Table.Td>{g.code}</Table.Td>
              <Table.Td>
                {g.description}
                {g.my && (
                  <Badge ml="xs" size="xs" variant="light">
                    seu
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{g.gtin ? displayGtin(g.gtin) : '-'}</Table.Td>
              <Table.Td>{formatNcm(g.ncm)}</Table.Td>
              <Table.Td>{g.cest ? formatCest(g.cest) : '-'}</Table.Td>
              <Table.Td>
                <Radio
                  name="global-product"
                  aria-label={`Selecionar ${g.description}`}
                  checked={chosen === g.code}
                  onChange={() => onChoose(g.code)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
