import { BIND_FINALIZED_TOAST_MS, type TBindingPreview } from '@app/contract';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatNumber } from '../../../components/ui/format';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useBindProducts } from '../api/bind-products';
import { useNoEquivalent, usePreviewBinding } from '../api/binding-steps';
import { useBindingCandidates } from '../api/get-binding-candidates';
import { firstWords } from '../lib/first-words';
import { setLastBinding } from '../lib/last-binding';
import { BindCandidatesTable } from './bind-candidates-table';
import { BindingPreviewView } from './binding-preview-view';

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
  /** After a binding (or "nenhum equivalente"): the caller clears its marks and reloads its list. */
  onBound: (result: { finalized: boolean; count: number }) => void;
  /** "Produtos marcados (n)": shown when several products of a single company are marked. */
  onShowMarked?: () => void;
}

const BIND_IN_AUDIT_TOAST_MS = 12_000;

/**
 * Shared product base search modal, "bind code" (spec 02 §2): search by description (prefilled with the first
 * two words of the product's description), the candidates ranked with why each is offered, a radio choice.
 * "Vincular" does not bind at once (decision 062): it shows what changes (NCM, CEST, rule, the taxes of the main
 * operation) and "Confirmar vínculo" binds; the binding can then be undone in this session (LastBindingBanner).
 * "Nenhum equivalente" is an answer too: recorded in the audit trail, the product stays pending.
 */
export function BindCodeDialog({ products, onClose, onBound, onShowMarked }: Props) {
  const first = products?.[0] ?? null;
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [preview, setPreview] = useState<TBindingPreview | null>(null);
  const bind = useBindProducts();
  const previewing = usePreviewBinding();
  const none = useNoEquivalent();
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
    setPreview(null);
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

  const onPreview = async () => {
    if (!products || !chosen) return;
    try {
      setPreview(await previewing.mutateAsync({ productIds: products.map((p) => p.id), fiscalServiceProduct: chosen }));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  };

  const onConfirm = async () => {
    if (!products || !preview) return;
    try {
      const res = await bind.mutateAsync({
        productIds: products.map((p) => p.id),
        fiscalServiceProduct: preview.global.code,
      });
      if (!res.linked) notify('info', res.message);
      else if (res.finalized) notify('success', res.message, BIND_FINALIZED_TOAST_MS);
      // In audit (another GTIN): long enough to read where the product went (it leaves a Member's list).
      else notify('info', res.message, BIND_IN_AUDIT_TOAST_MS);
      if (res.bindingId) {
        setLastBinding({
          bindingId: res.bindingId,
          description: preview.product.description,
          globalCode: preview.global.code,
          globalDescription: preview.global.description,
          count,
        });
      }
      onBound({ finalized: res.finalized, count });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  };

  const onNone = async () => {
    if (!first) return;
    try {
      const res = await none.mutateAsync({ productId: first.id, searched: searched || undefined });
      notify('info', res.message, BIND_IN_AUDIT_TOAST_MS);
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  };

  return (
    <Modal
      opened={!!first}
      onClose={onClose}
      size="80rem"
      title="Base compartilhada de produtos"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="sm">
        {first && (
          <Text size="sm" c="dimmed" data-testid="bind-subject">
            {isBatch ? `${formatNumber(count)} produtos a vincular. Pesquisa para: ` : 'Produto: '}
            <Text span fw={600} c="var(--mantine-color-text)">
              {first.description}
            </Text>
          </Text>
        )}
        {preview ? (
          <>
            <BindingPreviewView preview={preview} />
            <Group justify="space-between">
              <Button variant="default" onClick={() => setPreview(null)}>
                Voltar à escolha
              </Button>
              <Button onClick={() => void onConfirm()} loading={bind.isPending} data-autofocus>
                {isBatch ? 'Confirmar vínculos' : 'Confirmar vínculo'}
              </Button>
            </Group>
          </>
        ) : (
          <>
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
            <BindCandidatesTable list={list} isLoading={candidates.isFetching} chosen={chosen} onChoose={setChosen} />
            <Group justify="space-between">
              <Group gap="xs">
                <Button variant="default" onClick={onClose}>
                  Voltar
                </Button>
                {!isBatch && (
                  <Button variant="subtle" onClick={() => void onNone()} loading={none.isPending}>
                    Nenhum equivalente
                  </Button>
                )}
              </Group>
              <Group gap="xs">
                {isBatch && companies.size === 1 && onShowMarked && (
                  <Button variant="light" onClick={onShowMarked}>
                    Produtos marcados ({formatNumber(count)})
                  </Button>
                )}
                <Button onClick={() => void onPreview()} disabled={!chosen} loading={previewing.isPending}>
                  {isBatch ? 'Vincular produtos' : 'Vincular'}
                </Button>
              </Group>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
