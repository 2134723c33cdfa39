// One /users/me query for the whole app (the permission checks read it too).
export { useCurrentUser } from '../../auth/api/get-current-user';
