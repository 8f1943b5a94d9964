import BuildingPage from '../building/BuildingPage.tsx';

/** The users page (being built: issue 5). */
export default function UsersPage() {
  return <BuildingPage />;
}
