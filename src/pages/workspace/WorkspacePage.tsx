import BuildingPage from '../building/BuildingPage.tsx';

/** The projects page (being built: issue 5). */
export default function WorkspacePage() {
  return <BuildingPage />;
}
