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
import { DateInput } from '@mantine/dates';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { notify } from '../../../lib/notify';
import { useExportLogs } from '../api/export-logs';
import { useLogDescriptives } from '../api/get-log-descriptives';

/** Typed dates are read as DD/MM/AAAA (the users' format), whatever dayjs plugins are loaded. */
export function parseBrDate(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) ? iso : null;
}

/** spec 02 §5: the period toast lasts 4 s; the other two are errors. */
const periodToasts = {
  periodRequired: () => notify('warning', logMessages.periodRequired, 4000),
  futureDate: () => notify('error', logMessages.futureDate),
  endBeforeStart: () => notify('error', logMessages.endBeforeStart),
} as const;

/** /partner/logs: export of the audit trail of a period (spec 02 §2 "Logs export"). */
export default function LogsPage() {
  const [module, setModule] = useState<TLogModule>('Users');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
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
    const problem = checkLogPeriod(from, to, todayInBrazil());
    if (problem) return periodToasts[problem]();
    exportLogs.mutate({ from: from!, to: to!, module, code: code ? Number(code) : null });
  };

  return (
    <Stack gap="md" maw={820}>
      <div>
        <Title order={2}>Logs</Title>
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
            <DateInput
              label="Data inicial"
              placeholder="DD/MM/AAAA"
              valueFormat="DD/MM/YYYY"
              locale="pt-br"
              value={from}
              onChange={setFrom}
              dateParser={parseBrDate}
              clearable
              data-testid="log-from"
            />
            <DateInput
              label="Data final"
              placeholder="DD/MM/AAAA"
              valueFormat="DD/MM/YYYY"
              locale="pt-br"
              value={to}
              onChange={setTo}
              dateParser={parseBrDate}
              clearable
              data-testid="log-to"
            />
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
              Download
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
