import { Navigate, useLocation, useParams } from 'react-router';

/** `/redirect/{path}` sends the user on to `/{path}` with the same query, remounting the page. */
export function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`/${rest}${search}${hash}`} replace />;
}
