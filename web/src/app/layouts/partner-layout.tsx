import { useLocation } from 'react-router';
import { PartnerMenu } from '../../features/shell/components/partner-menu';
import { AppFrame } from './app-frame';

/** /partner/*: Admin and partner staff (the guard in the router checks the role). */
export default function PartnerLayout() {
  const { pathname } = useLocation();
  return <AppFrame menu={(options) => <PartnerMenu pathname={pathname} {...options} />} />;
}
