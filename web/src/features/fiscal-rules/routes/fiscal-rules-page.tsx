import { Outlet } from 'react-router';

export default function Placeholder() {
  return (
    <div data-placeholder="fiscal-rules-page">
      <Outlet />
    </div>
  );
}
