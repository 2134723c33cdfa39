import { Outlet } from 'react-router';

export default function Placeholder() {
  return (
    <div data-placeholder="partner-companies-page">
      <Outlet />
    </div>
  );
}
