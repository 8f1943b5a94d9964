import BuildingPage from '../building/BuildingPage.tsx';

/** The menus page (being built: issue 5). */
export default function MenuPage() {
  return <BuildingPage />;
}
