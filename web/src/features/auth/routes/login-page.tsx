import { Outlet } from 'react-router';

export default function Placeholder() {
  return (
    <div data-placeholder="login-page">
      <Outlet />
    </div>
  );
}
