import BuildingPage from '../building/BuildingPage.tsx';

/** The devices page (being built: issue 5). */
export default function DevicePage() {
  return <BuildingPage />;
}
