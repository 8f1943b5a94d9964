import BuildingPage from '../building/BuildingPage.tsx';

/** The logs page (being built: issue 5). */
export default function LogsPage() {
  return <BuildingPage />;
}
