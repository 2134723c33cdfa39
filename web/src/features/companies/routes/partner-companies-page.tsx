import { COMPANY_MESSAGES, canDo, type TCompany } from '@app/contract';
import { Badge, Button, Group, Paper, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { getSession } from '../../../lib/session';
import { usePartnerCompanies } from '../api/partner-get-companies';
import { useVerifyFiscalServiceCredentials } from '../api/verify-fiscal-service-credentials';
import { CompanyFormDialog } from '../components/company-form-dialog';
import { DeleteCompanyDialog } from '../components/delete-company-dialog';
import { PartnerCompanyTable } from '../components/partner-company-table';

/** /partner/companies: the partner's companies with create, edit, delete and integrator check (spec 01 §2). */
export default function PartnerCompaniesPage() {
  const { data: companies, isLoading } = usePartnerCompanies();
  const verifyMutation = useVerifyFiscalServiceCredentials();
  const [form, setForm] = useState<{ opened: boolean; company: TCompany | null }>({ opened: false, company: null });
  const [deleting, setDeleting] = useState<TCompany | null>(null);

  const onVerify = (company: TCompany) =>
    verifyMutation.mutate(company.id, {
      onSuccess: ({ verified }) =>
        verified
          ? notify('success', COMPANY_MESSAGES.verifiedActive)
          : notify('warning', COMPANY_MESSAGES.verifiedInactive),
    });

  return (
    <Paper p="md" withBorder>
      <Group justify="space-between" mb="md">
        <Group gap="xs">
          <Title order={1} size="h3">
            Empresas
          </Title>
          <Badge variant="light" size="lg" aria-label="Total de empresas">
            {companies?.length ?? 0}
          </Badge>
        </Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ opened: true, company: null })}>
          Adicionar Empresa
        </Button>
      </Group>
      <PartnerCompanyTable
        companies={companies}
        isLoading={isLoading}
        onEdit={(company) => setForm({ opened: true, company })}
        onDelete={setDeleting}
        onVerify={onVerify}
        canDelete={canDo(getSession()?.role, 'delete', 'company')}
      />
      <CompanyFormDialog
        opened={form.opened}
        company={form.company}
        onClose={() => setForm((f) => ({ ...f, opened: false }))}
      />
      <DeleteCompanyDialog company={deleting} onClose={() => setDeleting(null)} />
    </Paper>
  );
}
