import type { TReformRate } from '@app/contract';
import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useReformRates } from '../api/get-reform-rates';
import { EditReformRateDialog } from '../components/edit-reform-rate-dialog';
import { MunicipalRatesSection } from '../components/municipal-rates-section';
import { ReformRatesTable } from '../components/reform-rates-table';

/** /partner/reform-rates (Admin): the CBS/IBS reference rates of the transition, estimates editable (decision 038). */
export default function ReformRatesPage() {
  const rates = useReformRates();
  const [editing, setEditing] = useState<TReformRate | null>(null);
  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Alíquotas da Reforma
        </Title>
        <Text size="sm" c="dimmed">
          Alíquotas de referência de CBS e IBS de 2026 a 2033. As que a lei ainda não fixou são estimativas da
          calculadora oficial da Receita Federal: edite-as quando o Senado e os entes publicarem os valores. Os cálculos
          com uma alíquota estimada são marcados como estimados.
        </Text>
      </div>
      <Paper withBorder radius="md" p="md">
        {rates.isLoading ? <Loader size="sm" /> : <ReformRatesTable rows={rates.data ?? []} onEdit={setEditing} />}
      </Paper>
      <MunicipalRatesSection />
      <EditReformRateDialog row={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
