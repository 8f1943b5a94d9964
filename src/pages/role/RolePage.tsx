import BuildingPage from '../building/BuildingPage.tsx';

/** The roles page (being built: issue 5). */
export default function RolePage() {
  return <BuildingPage />;
}
