import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { matchRoute, ROUTE_CATALOG } from '../../app/shellApi.ts';

/** What a page that a later issue delivers shows meanwhile: its name and that it is coming. */
export default function BuildingPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = matchRoute(pathname, ROUTE_CATALOG)?.route;
  const page = route ? t(route.title, { ns: 'menu' }) : '';
  return (
    <NonIdealState
      className="sd-building"
      icon="build"
      title={t('building.title')}
      description={t('building.description', { page })}
    />
  );
}
