import { exportFormats, type TExportFormat } from '@app/contract';
import { Alert, Button, Checkbox, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { getSelectedCompany, getSession } from '../../../lib/session';
import { useCurrentUser } from '../../auth/api/get-current-user';
import { useCan } from '../../auth/lib/use-can';
import { useExportProducts } from '../api/export-products';

const statusFilters = [
  ['pending', 'Pendentes'],
  ['classified', 'Classificados'],
  ['returned', 'Devolvidos'],
  ['inAudit', 'Em auditoria'],
] as const;
type StatusKey = (typeof statusFilters)[number][0];

/** /member/products/export (spec 02 §2 "Export screen"): format, status filters, download. */
export default function ExportPage() {
  const company = getSelectedCompany();
  const isMember = getSession()?.role === 'Member';
  const me = useCurrentUser();
  const canExport = useCan().allows('Export');
  const [format, setFormat] = useState<TExportFormat>('XLSX');
  const [statuses, setStatuses] = useState<Record<StatusKey, boolean>>({
    pending: true,
    classified: true,
    returned: true,
    inAudit: !isMember,
  });
  const exportProducts = useExportProducts();

  const onDownload = () =>
    exportProducts.mutate({
      query: { companyId: company.id, format, ...statuses, inAudit: isMember ? false : statuses.inAudit },
      companyName: company.nomeFantasia ?? company.razaoSocial ?? company.document ?? company.id,
    });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Exportar Produtos
      </Title>
      {isMember && me.isSuccess && !canExport && (
        <Alert color="yellow">Seu usuário não tem permissão para exportar produtos.</Alert>
      )}
      <Paper withBorder p="md" maw={560}>
        <Stack gap="md">
          <div>
            <Text size="sm" fw={500} mb={4}>
              Formato
            </Text>
            <SegmentedControl
              aria-label="Formato"
              value={format}
              onChange={(v) => setFormat(v as TExportFormat)}
              data={exportFormats.map((f) => ({ value: f, label: f }))}
            />
          </div>
          <div>
            <Text size="sm" fw={500} mb={4}>
              Situação dos produtos
            </Text>
            <Group gap="md">
              {statusFilters
                .filter(([k]) => !(isMember && k === 'inAudit'))
                .map(([k, label]) => (
                  <Checkbox
                    key={k}
                    label={label}
                    checked={statuses[k]}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked;
                      setStatuses((s) => ({ ...s, [k]: checked }));
                    }}
                  />
                ))}
            </Group>
          </div>
          <Group>
            <Button
              leftSection={<IconDownload size={16} />}
              onClick={onDownload}
              loading={exportProducts.isPending}
              disabled={!canExport}
            >
              Baixar planilha
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
