import { isIpiTaxpayerByCnae, simulationBuyerLabels, type TCompany, type TSimulationStart, ufs } from '@app/contract';
import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { DecimalInput } from '../../../components/ui/decimal-input';
import { parseDecimalText } from '../../../components/ui/decimal-text';
import { useClassifiedProducts } from '../api/search-products';

type Selection = TSimulationStart['selecao'];

interface Props {
  companyId: string | null;
  company: TCompany | undefined;
  years: number[];
  running: boolean;
  onStart: (body: TSimulationStart) => void;
}

export const isSimplesCompany = (c: TCompany | undefined) =>
  c?.crt === 'SimplesNacional' || c?.crt === 'SNComExcessoSublimiteDeReceitaBruta';

/**
 * Operation (destination UF, buyer), products (all, a selection or a search) and years of a run, and the seller:
 * a Simples Nacional company's RBT12 (its bracket and DAS; the company record does not hold it) and whether it
 * pays IPI (from its CNAE unless changed).
 */
export function SimulationForm({ companyId, company, years, running, onStart }: Props) {
  const companyUf = company?.uf;
  const simples = isSimplesCompany(company);
  const [rbt12, setRbt12] = useState('');
  // Null follows the CNAE (the company list may arrive after the form); a click makes it the user's choice.
  const [ipiChoice, setIpi] = useState<boolean | null>(null);
  const ipi = ipiChoice ?? isIpiTaxpayerByCnae(company?.cnae);
  const [ufDestino, setUfDestino] = useState<string | null>(null);
  const [comprador, setComprador] = useState<TSimulationStart['comprador']>('contribuinte');
  const [selecao, setSelecao] = useState<Selection>('todos');
  const [busca, setBusca] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [pickSearch, setPickSearch] = useState('');
  const [debounced] = useDebouncedValue(pickSearch, 300);
  const [anoFinal, setAnoFinal] = useState<string | null>(null);
  const options = useClassifiedProducts(selecao === 'selecao' ? companyId : null, debounced);
  const pickData = (options.data?.objects ?? []).map((p) => ({
    value: p.id,
    label: `${p.internalCode} — ${p.description}`,
  }));
  const uf = ufDestino ?? companyUf ?? 'SP';
  const lastYear = anoFinal ?? String(years[years.length - 1] ?? '');
  const submit = () =>
    onStart({
      ufDestino: uf as TSimulationStart['ufDestino'],
      comprador,
      selecao,
      ...(selecao === 'busca' ? { busca } : {}),
      ...(selecao === 'selecao' ? { productIds: picked } : {}),
      anoInicial: years[0],
      anoFinal: Number(lastYear),
      contribuinteIpi: ipi,
      ...(simples ? { rbt12: parseDecimalText(rbt12) ?? rbt12 } : {}),
    });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group grow align="flex-end">
          <Select
            label="UF de destino"
            data={[...ufs]}
            value={uf}
            onChange={setUfDestino}
            allowDeselect={false}
            searchable
          />
          <Select
            label="Até o ano"
            data={years.map(String)}
            value={lastYear}
            onChange={setAnoFinal}
            allowDeselect={false}
            description={years.length ? `A partir de ${years[0]}` : undefined}
          />
        </Group>
        <Group grow align="flex-start">
          {simples && (
            <DecimalInput
              label="Receita bruta dos últimos 12 meses (RBT12, R$)"
              description="Empresa do Simples Nacional: dá a faixa e as parcelas do DAS (LC 123/2006, Anexo I)"
              value={rbt12}
              onChange={setRbt12}
              required
              placeholder="ex.: 1.500.000,00"
            />
          )}
          <Checkbox
            mt={simples ? 'xl' : 0}
            label="Contribuinte do IPI (indústria ou equiparada)"
            description="Comércio não paga IPI na revenda: o IPI dos itens fica fora da carga"
            checked={ipi}
            onChange={(e) => setIpi(e.currentTarget.checked)}
          />
        </Group>
        <div>
          <Text size="sm" fw={500} mb={4} id="sim-buyer-label">
            Comprador
          </Text>
          <SegmentedControl
            aria-labelledby="sim-buyer-label"
            value={comprador}
            onChange={(v) => setComprador(v as TSimulationStart['comprador'])}
            data={Object.entries(simulationBuyerLabels).map(([value, label]) => ({ value, label }))}
          />
        </div>
        <div>
          <Text size="sm" fw={500} mb={4} id="sim-products-label">
            Produtos
          </Text>
          <SegmentedControl
            aria-labelledby="sim-products-label"
            value={selecao}
            onChange={(v) => setSelecao(v as Selection)}
            data={[
              { value: 'todos', label: 'Todos os classificados' },
              { value: 'selecao', label: 'Uma seleção' },
              { value: 'busca', label: 'Por descrição' },
            ]}
          />
        </div>
        {selecao === 'busca' && (
          <TextInput
            label="Descrição contém"
            value={busca}
            onChange={(e) => setBusca(e.currentTarget.value)}
            placeholder="ex.: cerveja"
          />
        )}
        {selecao === 'selecao' && (
          <MultiSelect
            label="Produtos escolhidos"
            placeholder="Digite para buscar pela descrição"
            data={[
              ...pickData,
              ...picked.filter((id) => !pickData.some((o) => o.value === id)).map((id) => ({ value: id, label: id })),
            ]}
            value={picked}
            onChange={setPicked}
            searchValue={pickSearch}
            onSearchChange={setPickSearch}
            searchable
            filter={({ options: o }) => o}
            nothingFoundMessage="Nenhum produto classificado encontrado"
            maxValues={1000}
          />
        )}
        <Group justify="flex-end">
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            onClick={submit}
            loading={running}
            disabled={!companyId || (simples && !parseDecimalText(rbt12))}
          >
            Simular
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
