import { Stack, Text, Title } from '@mantine/core';
import { getSelectedCompany } from '../../../lib/session';
import { usePartnerCompanies } from '../../companies/api/partner-get-companies';
import { ApiKeysPanel } from '../components/api-keys-panel';
import type { CompanyOption } from '../components/company-choice';
import { IntegrationGuide } from '../components/integration-guide';
import { WebhooksPanel } from '../components/webhooks-panel';

function IntegrationsScreen({ companies, companyId }: { companies: CompanyOption[]; companyId?: string }) {
  return (
    <Stack>
      <div>
        <Title order={1} size="h2">
          Integrações
        </Title>
        <Text size="sm" c="dimmed">
          Chaves de API e webhooks para o ERP acompanhar as alterações fiscais dos produtos sem reexportar planilhas.
        </Text>
      </div>
      <ApiKeysPanel companies={companies} companyId={companyId} />
      <WebhooksPanel companies={companies} companyId={companyId} />
      <IntegrationGuide />
    </Stack>
  );
}

/** /member/integrations: the selected company's keys and webhooks. */
export function MemberIntegrationsPage() {
  const company = getSelectedCompany();
  const companies = [{ value: company.id, label: company.nomeFantasia ?? '' }];
  return <IntegrationsScreen companies={companies} companyId={company.id} />;
}

/** /partner/integrations: keys (one company or all) and webhooks of the partner's companies. */
export function PartnerIntegrationsPage() {
  const list = usePartnerCompanies();
  const companies = (list.data ?? []).map((c) => ({ value: c.id, label: c.nomeFantasia }));
  return <IntegrationsScreen companies={companies} />;
}

export default function IntegrationsPage() {
  return getSelectedCompany().id !== 'default' && location.pathname.startsWith('/member/') ? (
    <MemberIntegrationsPage />
  ) : (
    <PartnerIntegrationsPage />
  );
}
