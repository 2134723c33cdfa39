import type { TCompany } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { notify } from '../../../lib/notify';
import { DEFAULT_COMPANY, getSelectedCompany, setSelectedCompany } from '../../../lib/session';
import { BLOCKED_MESSAGE, INVALID_MESSAGE, reconcileSelection, toSelectedCompany } from './member-company-selection';

// Queries that survive a company switch: they do not depend on the selected company.
const companyIndependentKeys = new Set(['companies', 'domain']);

/**
 * Selecting a company (spec 01 §2/§4): blocked ones are refused, otherwise the company-scoped
 * caches are dropped, the selection stored and the member sent to /member/home. On load the
 * remembered selection is checked against the list and ?companyId= is applied once.
 */
export function useMemberCompanySelection(companies: TCompany[] | undefined) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const [selectedId, setSelectedId] = useState(() => getSelectedCompany().id);
  const hasAppliedQuery = useRef(false);

  const selectCompany = useCallback(
    (company: TCompany) => {
      if (company.status === 'Blocked') {
        notify('error', BLOCKED_MESSAGE);
        setSelectedCompany({ ...DEFAULT_COMPANY, uf: '' });
        setSelectedId(DEFAULT_COMPANY.id);
        return;
      }
      queryClient.removeQueries({ predicate: (q) => !companyIndependentKeys.has(String(q.queryKey[0])) });
      setSelectedCompany(toSelectedCompany(company));
      setSelectedId(company.id);
      navigate(paths.member.home);
    },
    [navigate, queryClient],
  );

  useEffect(() => {
    if (!companies || hasAppliedQuery.current) return;
    hasAppliedQuery.current = true;
    const stored = getSelectedCompany();
    const reconciled = reconcileSelection(stored, companies);
    if (reconciled !== stored) {
      setSelectedCompany(reconciled);
      setSelectedId(reconciled.id);
    }
    const companyId = searchParams.get('companyId');
    if (!companyId) return;
    const wanted = companies.find((c) => c.id === companyId);
    if (wanted) selectCompany(wanted);
    else notify('warning', INVALID_MESSAGE);
  }, [companies, searchParams, selectCompany]);

  return { selectedId, selectCompany };
}
