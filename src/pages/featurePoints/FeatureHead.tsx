import { Button, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FeatureMode } from './useModelAiController.ts';

/** The page's head: the map/list switch, and picking every point the current view shows. */
export function FeatureHead({
  mode,
  onMode,
  onSelectPage,
}: {
  mode: FeatureMode;
  onMode: (mode: FeatureMode) => void;
  onSelectPage: () => void;
}) {
  const { t } = useTranslation('featurePoints');
  return (
    <div className="fp-head">
      <Tabs id="fp-mode" selectedTabId={mode} onChange={(id) => onMode(id as FeatureMode)}>
        <Tab id="map" title={t('tabs.map')} data-testid="fp-tab-map" />
        <Tab id="list" title={t('tabs.list')} data-testid="fp-tab-list" />
      </Tabs>
      <Button
        variant="minimal"
        icon="select"
        text={t('selectPage')}
        data-testid="fp-select-all"
        onClick={onSelectPage}
      />
    </div>
  );
}
