import { stAgreementActionLabels, type TStAgreementHistoryEntry } from '@app/contract';
import { Anchor, Badge, Drawer, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { formatDate, formatDateTime } from '../../../components/ui/format';
import { useStAgreement } from '../api/get-st-agreement';
import { formatAgreementPeriod } from '../lib/agreement-period';

/** The row's columns an analyst reads in a change, in the history's before/after images (snake_case, as stored). */
const columnLabels: Record<string, string> = {
  uf_origem: 'UF de origem',
  uf_destino: 'UF de destino',
  cest_segmento: 'Segmento',
  cest_codigos: 'Códigos CEST',
  tem_acordo: 'Há acordo',
  instrumento: 'Instrumento',
  mva_original: 'MVA original (%)',
  vigencia_inicio: 'Início da vigência',
  vigencia_fim: 'Fim da vigência',
  fonte_url: 'Fonte (endereço)',
  fonte_nota: 'Fonte (dispositivo)',
};

function show(column: string, value: unknown): string {
  if (value === null || value === undefined) return column === 'cest_codigos' ? 'todo o segmento' : '—';
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (Array.isArray(value)) return value.join(', ');
  if (column.startsWith('vigencia_')) return formatDate(String(value));
  if (column === 'mva_original') return String(value).replace('.', ',');
  return String(value);
}

/** What changed between the images; a creation or the seed lists nothing (the row itself is above). */
function changes(entry: TStAgreementHistoryEntry): { label: string; from: string; to: string }[] {
  if (!entry.before || !entry.after) return [];
  return Object.keys(columnLabels)
    .filter((c) => JSON.stringify(entry.before?.[c]) !== JSON.stringify(entry.after?.[c]))
    .map((c) => ({ label: columnLabels[c]!, from: show(c, entry.before?.[c]), to: show(c, entry.after?.[c]) }));
}

/** The agreement and every change made to it: who, when, why and what (newest first). */
export function StAgreementHistoryDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useStAgreement(id);
  const a = detail.data?.agreement;
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="md" title="Histórico do acordo">
      {detail.isLoading || !a ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="md">
          <div>
            <Group gap="xs">
              <Text fw={600}>
                {a.ufOrigem} → {a.ufDestino}, segmento {a.cestSegmento}
              </Text>
              <Badge color={a.temAcordo ? 'green' : 'gray'} variant="light" tt="none">
                {a.temAcordo ? 'Com acordo' : 'Sem acordo'}
              </Badge>
            </Group>
            <Text size="sm">{a.instrumento}</Text>
            <Text size="sm" c="dimmed">
              {a.cestCodigos ? `CEST ${a.cestCodigos.join(', ')}` : 'Todo o segmento'} · {formatAgreementPeriod(a)}
            </Text>
            <Text size="sm" mt={4}>
              {a.fonteNota}
            </Text>
            <Anchor
              href={a.fonteUrl}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              style={{ wordBreak: 'break-all' }}
            >
              {a.fonteUrl}
            </Anchor>
          </div>
          <Timeline bulletSize={14} lineWidth={2} aria-label="Alterações do acordo">
            {(detail.data?.history ?? []).map((h) => (
              <Timeline.Item key={h.id} title={`${stAgreementActionLabels[h.action]} · ${formatDateTime(h.changedAt)}`}>
                <Text size="xs" c="dimmed">
                  {h.changedByName ? `Por ${h.changedByName}` : 'Tabela de referência do sistema'}
                </Text>
                <Text size="sm">Motivo: {h.reason}</Text>
                {changes(h).map((c) => (
                  <Text size="xs" key={c.label}>
                    {c.label}: {c.from} → {c.to}
                  </Text>
                ))}
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
    </Drawer>
  );
}
