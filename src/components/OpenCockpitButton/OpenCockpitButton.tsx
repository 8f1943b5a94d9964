/**
 * "Cockpit": opens /drone_ctl for a dock or aircraft. Shown only to roles whose menu holds the
 * cockpit; other pages (workbench panel, device list) place it without loading the cockpit itself.
 */
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { navigateTo, permittedRoutes } from '../../app/shellApi.ts';
import { useAccountState } from '../../state/account.ts';

const COCKPIT_PATH = '/drone_ctl';

interface Props {
  sn: string;
  small?: boolean;
}

export function OpenCockpitButton({ sn, small = false }: Props) {
  const { t } = useTranslation('cockpit');
  const { menus } = useAccountState();
  if (!permittedRoutes(menus).some((route) => route.path === COCKPIT_PATH)) return null;
  return (
    <Button
      icon="airplane"
      text={t('open')}
      size={small ? 'small' : 'medium'}
      data-testid="open-cockpit"
      onClick={() => navigateTo(`${COCKPIT_PATH}?sn=${encodeURIComponent(sn)}`)}
    />
  );
}
