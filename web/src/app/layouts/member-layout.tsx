import { Outlet } from 'react-router';

export default function Placeholder() {
  return (
    <div data-placeholder="member-layout">
      <Outlet />
    </div>
  );
}
