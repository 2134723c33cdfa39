import {
  checkLogPeriod,
  logMessages,
  logModuleLabels,
  logModuleRanges,
  logModules,
  type TLogModule,
  todayInBrazil,
} from '@app/contract';
import { Button, Group, Paper, Radio, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { notify } from '../../../lib/notify';
import { useExportLogs } from '../api/export-logs';
import { useLogDescriptives } from '../api/get-log-descriptives';

/** spec 02 §5: the period toast lasts 4 s; the other two are errors. */
const periodToasts = {
  periodRequired: () => notify('warning', logMessages.periodRequired, 4000),
  futureDate: () => notify('error', logMessages.futureDate),
  endBeforeStart: () => notify('error', logMessages.endBeforeStart),
} as const;

/** /partner/logs: export of the audit trail of a period (spec 02 §2 "Logs export"). */
export default function LogsPage() {
  const [module, setModule] = useState<TLogModule>('Users');
  // "YYYY-MM-DD" or '' while empty (the shared pt-BR DateField).
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const descriptives = useLogDescriptives();
  const exportLogs = useExportLogs();

  const codeOptions = useMemo(() => {
    const [lo, hi] = logModuleRanges[module];
    return (descriptives.data ?? [])
      .filter((d) => d.code >= lo && d.code <= hi)
      .map((d) => ({ value: String(d.code), label: `${d.code} - ${d.description}` }));
  }, [descriptives.data, module]);

  const onDownload = () => {
    const problem = checkLogPeriod(from || null, to || null, todayInBrazil());
    if (problem) return periodToasts[problem]();
    exportLogs.mutate({ from, to, module, code: code ? Number(code) : null });
  };

  return (
    <Stack gap="md" maw={820}>
      <div>
        <Title order={1} size="h2">
          Logs
        </Title>
        <Text size="sm" c="dimmed">
          Exporte para uma planilha os eventos registrados na plataforma em um período.
        </Text>
      </div>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="lg">
          <Radio.Group
            label="Categoria"
            value={module}
            onChange={(v) => {
              setModule(v as TLogModule);
              setCode(null);
            }}
          >
            <Group mt="xs">
              {logModules.map((m) => (
                <Radio key={m} value={m} label={logModuleLabels[m]} />
              ))}
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField label="Data inicial" value={from} onChange={setFrom} data-testid="log-from" />
            <DateField label="Data final" value={to} onChange={setTo} data-testid="log-to" />
          </SimpleGrid>
          <Select
            label="Código"
            placeholder="Todos os códigos da categoria"
            data={codeOptions}
            value={code}
            onChange={setCode}
            searchable
            clearable
            nothingFoundMessage="Nenhum código encontrado"
            data-testid="log-code"
          />
          <Group justify="flex-end">
            <Button leftSection={<IconDownload size={16} />} onClick={onDownload} loading={exportLogs.isPending}>
              Baixar
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
