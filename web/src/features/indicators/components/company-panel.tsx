import {
  companyStatusLabels,
  crtLabels,
  regimeEspecialLabels,
  regimeTributarioLabels,
  type TIndicators,
} from '@app/contract';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { formatCnpj } from '../../../components/ui/cnpj';

const NOT_INFORMED = 'Não informado';
const label = (labels: Record<string, string>, value: string | null) =>
  value ? (labels[value] ?? value) : NOT_INFORMED;

/** Panel Empresa (spec 01 §2): every field, 'Não informado' when missing, Regime Especial N → 'Não'. */
export function CompanyPanel({ company }: { company: TIndicators['companyIndicators'] }) {
  const fields: [string, string][] = [
    ['CNPJ', company.document ? formatCnpj(company.document) : NOT_INFORMED],
    ['Razão Social', company.razaoSocial || NOT_INFORMED],
    ['Nome Fantasia', company.nomeFantasia || NOT_INFORMED],
    ['CNAE', company.cnae || NOT_INFORMED],
    ['CRT', label(crtLabels, company.crt)],
    ['Regime Especial', label(regimeEspecialLabels, company.regimeEspecial)],
    ['Regime Tributário', label(regimeTributarioLabels, company.regimeTributario)],
    ['Contribuinte ICMS', company.contribuinteICMS ? 'Sim' : 'Não'],
    ['Situação', label(companyStatusLabels, company.status)],
    ['UF', company.uf || NOT_INFORMED],
  ];
  return (
    <Paper withBorder radius="md" p="md" data-testid="company-panel">
      <Title order={2} size="h4" mb="sm">
        Empresa
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {fields.map(([name, value]) => (
          <div key={name}>
            <Text size="xs" c="dimmed">
              {name}
            </Text>
            <Text size="sm" fw={500}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
