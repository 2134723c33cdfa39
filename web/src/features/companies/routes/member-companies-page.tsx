import { Outlet } from 'react-router';

export default function Placeholder() {
  return (
    <div data-placeholder="member-companies-page">
      <Outlet />
    </div>
  );
}
