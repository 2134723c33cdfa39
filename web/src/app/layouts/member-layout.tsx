import { useLocation } from 'react-router';
import { MemberMenu } from '../../features/shell/components/member-menu';
import { getSelectedCompany } from '../../lib/session';
import { AppFrame } from './app-frame';

/** /member/*: the menu grows once a company is selected (read on every navigation). */
export default function MemberLayout() {
  const { pathname } = useLocation();
  const company = getSelectedCompany();
  const hasCompany = company.id !== 'default';
  return (
    <AppFrame
      subtitle={hasCompany ? company.nomeFantasia : undefined}
      menu={(options) => <MemberMenu hasCompany={hasCompany} pathname={pathname} {...options} />}
    />
  );
}
