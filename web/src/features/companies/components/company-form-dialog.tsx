import {
  CNPJ_LENGTH,
  COMPANY_MESSAGES,
  maskCnpj,
  normalizeCnpj,
  type TCompany,
  type TCompanyInput,
  ufs,
} from '@app/contract';
import { Button, Checkbox, Group, Modal, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ApiError } from '../../../lib/api-client';
import { notifyApiError } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { getSession } from '../../../lib/session';
import { useCreateCompany } from '../api/create-company';
import { lookupCnpj } from '../api/lookup-cnpj';
import { usePartners } from '../api/partner-get-partners';
import { useUpdateCompany } from '../api/update-company';
import { applyRegistryResult, shouldLookupCnpj } from './apply-registry-result';
import {
  type CompanyFormValues,
  crtOptions,
  environmentOptions,
  newCompanyValues,
  pisCofinsBaseOptions,
  regimeEspecialOptions,
  regimeOptions,
  statusOptions,
  yesNoOptions,
} from './partner-company-options';

interface Props {
  opened: boolean;
  /** null: create; a company: edit (spec 01 §2: one modal, the id decides). */
  company: TCompany | null;
  onClose: () => void;
}

const toForm = (c: TCompany | null): CompanyFormValues =>
  c
    ? {
        partnerId: c.partnerId,
        document: c.document,
        cnae: c.cnae ?? '',
        useCNAE: c.useCNAE,
        uf: c.uf,
        razaoSocial: c.razaoSocial,
        nomeFantasia: c.nomeFantasia,
        crt: c.crt,
        regimeTributario: c.regimeTributario,
        codigoFaixaEnquadramento: c.codigoFaixaEnquadramento,
        regimeEspecial: c.regimeEspecial,
        contribuinteICMS: c.contribuinteICMS,
        status: c.status,
        environment: c.environment,
        pisCofinsIcmsBase: c.pisCofinsIcmsBase,
      }
    : { ...newCompanyValues };

export function CompanyFormDialog({ opened, company, onClose }: Props) {
  const [form, setForm] = useState<CompanyFormValues>(() => toForm(company));
  // Only Admin works across partners, so only Admin chooses the owner of a new company.
  const isAdmin = getSession()?.role === 'Admin';
  const partners = usePartners(opened && isAdmin && !company);
  const createMutation = useCreateCompany();
  const updateMutation = useUpdateCompany();
  const isSaving = createMutation.isPending || updateMutation.isPending;

  useEffect(() => {
    if (opened) setForm(toForm(company));
  }, [opened, company]);

  const set = <K extends keyof CompanyFormValues>(key: K, value: CompanyFormValues[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function onCnpjBlur() {
    if (!shouldLookupCnpj(form)) return;
    const cnpj = normalizeCnpj(form.document);
    const result = await lookupCnpj(cnpj);
    // The user may have typed on while the registry answered: only fill a form still waiting for it.
    setForm((f) => (normalizeCnpj(f.document) === cnpj && !f.razaoSocial.trim() ? applyRegistryResult(f, result) : f));
  }

  function validate(): boolean {
    if (form.useCNAE && !form.cnae?.trim()) {
      notify('warning', COMPANY_MESSAGES.cnaeRequired, 10_000);
      return false;
    }
    if (!form.razaoSocial.trim()) return warn(COMPANY_MESSAGES.razaoSocialRequired);
    if (!form.nomeFantasia.trim()) return warn(COMPANY_MESSAGES.nomeFantasiaRequired);
    if (!form.uf) return warn(COMPANY_MESSAGES.ufRequired);
    if (isAdmin && !company && !form.partnerId) return warn(COMPANY_MESSAGES.partnerRequired);
    return true;
  }

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (isSaving || !validate()) return;
    const { partnerId, ...fields } = form;
    const payload: TCompanyInput = {
      ...fields,
      document: normalizeCnpj(form.document),
      cnae: form.cnae?.trim() || null,
      razaoSocial: form.razaoSocial.trim().toUpperCase(),
      nomeFantasia: form.nomeFantasia.trim().toUpperCase(),
    };
    if (company) {
      updateMutation.mutate(
        { ...payload, id: company.id },
        {
          onSuccess: () => {
            notify('success', COMPANY_MESSAGES.updated);
            onClose();
          },
        },
      );
      return;
    }
    createMutation.mutate(isAdmin ? { ...payload, partnerId } : payload, {
      onSuccess: () => {
        notify('success', COMPANY_MESSAGES.created);
        onClose();
      },
      onError: (err) => {
        notify('error', COMPANY_MESSAGES.createFailed);
        // The server's own reason (duplicate CNPJ, invalid field) follows the generic message.
        notifyApiError(err as ApiError);
      },
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Cadastro de Empresa" size="xl">
      <form onSubmit={onSubmit} aria-label="Cadastro de Empresa">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="CNPJ"
            placeholder="00.000.000/0000-00"
            value={maskCnpj(form.document)}
            onChange={(e) => set('document', normalizeCnpj(e.currentTarget.value).slice(0, CNPJ_LENGTH))}
            onBlur={onCnpjBlur}
            data-autofocus
          />
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label="CNAE"
              style={{ flex: 1 }}
              value={form.cnae ?? ''}
              onChange={(e) => set('cnae', e.currentTarget.value)}
            />
            <Checkbox
              mb={8}
              label="Utiliza CNAE"
              checked={form.useCNAE}
              onChange={(e) => set('useCNAE', e.currentTarget.checked)}
            />
          </Group>
          <TextInput
            label="Razão Social"
            value={form.razaoSocial}
            onChange={(e) => set('razaoSocial', e.currentTarget.value.toUpperCase())}
          />
          <TextInput
            label="Nome Fantasia"
            value={form.nomeFantasia}
            onChange={(e) => set('nomeFantasia', e.currentTarget.value.toUpperCase())}
          />
          <Select label="UF" data={[...ufs]} searchable value={form.uf || null} onChange={(v) => set('uf', v ?? '')} />
          <Select
            label="CRT"
            data={crtOptions}
            allowDeselect={false}
            value={form.crt}
            onChange={(v) => v && set('crt', v as CompanyFormValues['crt'])}
          />
          <Select
            label="Regime Tributário"
            data={regimeOptions}
            allowDeselect={false}
            value={form.regimeTributario}
            onChange={(v) => v && set('regimeTributario', v as CompanyFormValues['regimeTributario'])}
          />
          <Select
            label="Enquadramento"
            data={regimeOptions}
            allowDeselect={false}
            value={form.codigoFaixaEnquadramento}
            onChange={(v) => v && set('codigoFaixaEnquadramento', v as CompanyFormValues['codigoFaixaEnquadramento'])}
          />
          <Select
            label="Regime Especial"
            data={regimeEspecialOptions}
            allowDeselect={false}
            value={form.regimeEspecial}
            onChange={(v) => v && set('regimeEspecial', v as CompanyFormValues['regimeEspecial'])}
          />
          <Select
            label="Contribuinte ICMS"
            data={yesNoOptions}
            allowDeselect={false}
            value={String(form.contribuinteICMS)}
            onChange={(v) => v && set('contribuinteICMS', v === 'true')}
          />
          <Select
            label="Status"
            data={statusOptions}
            allowDeselect={false}
            value={form.status}
            onChange={(v) => v && set('status', v as CompanyFormValues['status'])}
          />
          <Select
            label="Ambiente"
            data={environmentOptions}
            allowDeselect={false}
            value={form.environment}
            onChange={(v) => v && set('environment', v as CompanyFormValues['environment'])}
          />
          <Select
            label="Base do PIS/COFINS"
            description="Com ou sem o ICMS (STF, Tema 69): a auditoria de documentos segue esta escolha."
            data={pisCofinsBaseOptions}
            allowDeselect={false}
            value={form.pisCofinsIcmsBase}
            onChange={(v) => v && set('pisCofinsIcmsBase', v as CompanyFormValues['pisCofinsIcmsBase'])}
          />
          {isAdmin && !company && (
            <Select
              label="Parceiro"
              data={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              searchable
              value={form.partnerId}
              onChange={(v) => set('partnerId', v)}
            />
          )}
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Voltar
          </Button>
          <Button type="submit" loading={isSaving}>
            Salvar
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

function warn(message: string): false {
  notify('warning', message);
  return false;
}
