import type { TCclasstribItem } from '@app/contract';
import { Alert, Fieldset, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { unmaskNcm } from '../../../components/ui/fiscal-masks';
import { useLawCclasstribs } from '../api/get-law-cclasstribs';

interface Props {
  ncm: string;
  cst: string;
  cClassTrib: string;
  onChange: (value: { cst: string; cClassTrib: string }) => void;
  /** The rates and reductions, drawn by the dialog with its own inputs below the classification. */
  children?: ReactNode;
}

const option = (c: TCclasstribItem) => ({
  value: c.code,
  label: `${c.code} - ${c.name}${c.lawAnnex ? ` · ${c.lawAnnex}` : ''}`,
});

/**
 * The rule's IBS/CBS classification (decision 062): the cClassTrib codes the law gives the rule's NCM (Receita's
 * NCM applicability table, LC 214/2025 annexes) are offered first, in their own group; the CST is the code's first
 * three digits (NF-e rejection 1024 otherwise), so it follows the choice.
 */
export function CbsFields({ ncm, cst, cClassTrib, onChange, children }: Props) {
  const digits = unmaskNcm(ncm);
  const list = useLawCclasstribs(digits.length === 8 ? digits : undefined);
  const all = list.data ?? [];
  const law = all.filter((c) => c.lawAnnex);
  const rest = all.filter((c) => !c.lawAnnex);
  const data = [
    ...(law.length ? [{ group: 'Previstos na LC 214/2025 para este NCM', items: law.map(option) }] : []),
    { group: law.length ? 'Demais códigos' : 'Códigos', items: rest.map(option) },
  ];
  const ignoresLaw = law.length > 0 && !!cClassTrib && !law.some((c) => c.code === cClassTrib);
  return (
    <Fieldset legend="IBS/CBS">
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <Select
          style={{ gridColumn: 'span 3' }}
          label="cClassTrib"
          placeholder={list.isLoading ? 'Carregando…' : 'Escolha o código'}
          searchable
          clearable
          data={data}
          value={cClassTrib || null}
          onChange={(code) => onChange({ cClassTrib: code ?? '', cst: code ? code.slice(0, 3) : '' })}
          nothingFoundMessage="Nenhum cClassTrib encontrado"
          comboboxProps={{ withinPortal: true }}
          data-testid="rule-cclasstrib"
        />
        <TextInput label="CST do IBS/CBS (segue o cClassTrib)" value={cst} readOnly />
      </SimpleGrid>
      {children}
      {ignoresLaw && (
        <Alert
          mt="sm"
          color="yellow"
          variant="light"
          title="O NCM consta de um anexo da LC 214/2025"
          data-testid="rule-cclasstrib-law"
        >
          Para este NCM a lei prevê {law.map((c) => `${c.code} (${c.lawAnnex})`).join(' ou ')}. Confira se o produto é o
          descrito no anexo antes de manter {cClassTrib}.
        </Alert>
      )}
    </Fieldset>
  );
}
