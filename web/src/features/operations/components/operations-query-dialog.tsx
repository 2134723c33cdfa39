import {
  caracTribOptions,
  finalityOptions,
  NIL_PRODUCT_ID,
  operationKindOptions,
  operationsMessages,
  type TOperation,
  ufs,
  yesNoOptions,
} from '@app/contract';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { clickableRowProps } from '../../../components/ui/clickable-row';
import { formatCfop } from '../../../components/ui/fiscal-masks';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { getSelectedCompany } from '../../../lib/session';
import { CodeHint } from '../../reference/components/code-hint';
import { useCodeMeanings } from '../../reference/components/use-code-meanings';
import { useQueryOperations } from '../api/query-operations';
import { loadOperationsSettings, type OperationsSettings, saveOperationsSettings } from '../lib/operations-settings';
import { OperationDetailsDialog } from './operation-details-dialog';

/** A company the query may be made for (the partner side picks one of its companies). */
export interface OperationsCompanyChoice {
  id: string;
  label: string;
  uf: string;
}

export interface OperationsTarget {
  /** Empty when the user picks the company in the form (`companies`). */
  companyId: string;
  /** The partner's companies to pick from when the target has no company of its own (spec 02 global base). */
  companies?: OperationsCompanyChoice[];
  /** Product id; omitted for a global product (the nil GUID is sent with codeIntegrator). */
  productId?: string;
  codeIntegrator?: string;
  /** The company's UF, preselected; by default the selected company's when the target is that company. */
  uf?: string;
}

/** The UF the form opens with (issue 24): the company's own, else the one remembered from the last query. */
function companyUfOf(target: OperationsTarget, companyId: string): string | undefined {
  if (target.uf) return target.uf;
  const choice = target.companies?.find((c) => c.id === companyId);
  if (choice) return choice.uf || undefined;
  const selected = getSelectedCompany();
  return selected.id === companyId ? selected.uf || undefined : undefined;
}

interface Props {
  target: OperationsTarget | null;
  onClose: () => void;
}

/**
 * Operations query modal (spec 02 §2, §5, §8, §9). The form is remembered in localStorage; the
 * answer lists the operations, each opening the operation details modal.
 */
export function OperationsQueryDialog({ target, onClose }: Props) {
  const m = useCodeMeanings(null, !!target);
  const [form, setForm] = useState<OperationsSettings>(loadOperationsSettings);
  const [results, setResults] = useState<TOperation[] | null>(null);
  const [openOperation, setOpenOperation] = useState<TOperation | null>(null);
  const [companyId, setCompanyId] = useState('');
  const query = useQueryOperations();

  useEffect(() => {
    if (target) {
      const saved = loadOperationsSettings();
      const only = target.companies?.length === 1 ? target.companies[0]!.id : '';
      const id = target.companyId || only;
      setCompanyId(id);
      setForm({ ...saved, uf: companyUfOf(target, id) ?? saved.uf });
      setResults(null);
    }
  }, [target]);

  // Picking a company preselects its UF, as the member's modal opens on the selected company's (issue 24).
  const pickCompany = (id: string) => {
    setCompanyId(id);
    setResults(null);
    const uf = target ? companyUfOf(target, id) : undefined;
    if (uf) setForm((f) => ({ ...f, uf }));
  };

  const set = <K extends keyof OperationsSettings>(key: K, value: OperationsSettings[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = async () => {
    if (!target) return;
    if (!companyId) return notify('error', operationsMessages.companyRequired);
    if (!form.uf) return notify('error', operationsMessages.ufRequired);
    if (!form.cfop) return notify('error', operationsMessages.operationRequired);
    saveOperationsSettings(form);
    try {
      const list = await query.mutateAsync({
        companyId,
        productId: target.productId ?? NIL_PRODUCT_ID,
        CodeIntegrator: target.codeIntegrator ?? null,
        uf: form.uf as (typeof ufs)[number],
        cfop: form.cfop,
        caracTrib: [form.caracTrib],
        finality: form.finality,
        simplesN: form.simplesN,
        substICMS: form.substICMS,
      });
      if (!list.length) {
        setResults([]);
        notify('warning', operationsMessages.nothingFound);
        return;
      }
      setResults(list);
      if (list.length === 1) setOpenOperation(list[0]!);
    } catch (err) {
      setResults(null);
      notify(
        'error',
        err instanceof ApiError && err.body?.detail
          ? `Error: ${err.status} - ${err.body.detail}`
          : operationsMessages.failed,
      );
    }
  };

  return (
    <>
      <Modal opened={target !== null} onClose={onClose} title="Consultar operações" size="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void onSubmit();
          }}
        >
          <Stack gap="sm">
            {target?.companies && (
              <NativeSelect
                label="Empresa"
                data={[{ value: '', label: '' }, ...target.companies.map((c) => ({ value: c.id, label: c.label }))]}
                value={companyId}
                onChange={(e) => pickCompany(e.currentTarget.value)}
                data-autofocus
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect
                label="Operação"
                data={[{ value: '', label: '' }, ...operationKindOptions]}
                value={form.cfop}
                onChange={(e) => set('cfop', e.currentTarget.value as OperationsSettings['cfop'])}
                data-autofocus={target?.companies ? undefined : true}
              />
              <NativeSelect
                label="UF"
                data={[{ value: '', label: '' }, ...ufs.map((u) => ({ value: u, label: u }))]}
                value={form.uf}
                onChange={(e) => set('uf', e.currentTarget.value)}
              />
              <NativeSelect
                label="Característica Tributária"
                data={caracTribOptions.map((o) => ({ value: String(o.value), label: o.label }))}
                value={String(form.caracTrib)}
                onChange={(e) => set('caracTrib', Number(e.currentTarget.value) as OperationsSettings['caracTrib'])}
              />
              <NativeSelect
                label="Finalidade do Produto"
                data={finalityOptions.map((o) => ({ value: String(o.value), label: o.label }))}
                value={String(form.finality)}
                onChange={(e) => set('finality', Number(e.currentTarget.value) as OperationsSettings['finality'])}
              />
              <NativeSelect
                label="Simples Nacional"
                data={[...yesNoOptions]}
                value={form.simplesN}
                onChange={(e) => set('simplesN', e.currentTarget.value as 'S' | 'N')}
              />
              <NativeSelect
                label="ICMS ST substituto"
                data={[...yesNoOptions]}
                value={form.substICMS}
                onChange={(e) => set('substICMS', e.currentTarget.value as 'S' | 'N')}
              />
            </SimpleGrid>
            {results && results.length > 0 && (
              <Table highlightOnHover aria-label="Operações">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>CFOP</Table.Th>
                    <Table.Th>UF</Table.Th>
                    <Table.Th>Descrição</Table.Th>
                    <Table.Th>CST/CSOSN</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {results.map((op) => (
                    <Table.Tr key={`${op.cfop}-${op.uf}`} {...clickableRowProps(() => setOpenOperation(op))}>
                      <Table.Td>
                        <CodeHint meanings={m} kind="CFOP" code={op.cfop} shown={formatCfop(op.cfop)} />
                      </Table.Td>
                      <Table.Td>{op.uf}</Table.Td>
                      <Table.Td>{op.description}</Table.Td>
                      <Table.Td>
                        {op.icms.cst ? (
                          <CodeHint meanings={m} kind="ICMS" code={op.icms.cst} />
                        ) : (
                          <CodeHint meanings={m} kind="CSOSN" code={op.icms.csosn} />
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {results && results.length === 0 && (
              <Text c="dimmed" ta="center">
                {operationsMessages.nothingFound}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Voltar
              </Button>
              <Button type="submit" loading={query.isPending}>
                Consultar
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <OperationDetailsDialog operation={openOperation} onClose={() => setOpenOperation(null)} />
    </>
  );
}
