/**
 * The compact basemap control on the map: one button naming the basemap in use, opening the list of
 * presets. Presets this server has not configured stay listed but disabled, naming the setting to
 * set.
 */
import { useEffect } from 'react';
import { Button, Menu, MenuDivider, MenuItem, PopoverNext, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { BasemapId } from '../../protocol/map.ts';
import { chooseBasemap, useBasemapState } from './basemapStore.ts';
import { loadMapConfig } from './mapConfigApi.ts';
import { datumOf, presetStates } from './presets.ts';
import type { PresetState } from './presets.ts';

function PresetItem({ preset, active }: { preset: PresetState; active: BasemapId }) {
  const { t } = useTranslation('map');
  const name = t(`presets.${preset.id}`);
  // The tooltip wraps the text, not the item: a wrapper around the item would break the menu's
  // list.
  const text = preset.available ? (
    name
  ) : (
    <Tooltip content={t('needs', { setting: preset.setting })} placement="right">
      {name}
    </Tooltip>
  );
  return (
    <MenuItem
      text={text}
      icon={preset.id === active ? 'tick' : 'blank'}
      active={preset.id === active}
      disabled={!preset.available}
      label={preset.available ? undefined : (preset.setting ?? undefined)}
      onClick={() => chooseBasemap(preset.id)}
      data-testid={`basemap-${preset.id}`}
      shouldDismissPopover
    />
  );
}

/** The basemap switcher; place it over the map. */
export function BasemapSwitcher() {
  const { t } = useTranslation('map');
  const { config, active } = useBasemapState();
  useEffect(() => {
    // A failed load keeps the offline map; the HTTP client has already told the user.
    loadMapConfig().catch(() => undefined);
  }, []);
  const menu = (
    <Menu data-testid="basemap-menu">
      <MenuDivider title={t('switcher')} />
      {presetStates(config).map((preset) => (
        <PresetItem key={preset.id} preset={preset} active={active} />
      ))}
      {datumOf(active) === 'gcj02' && (
        <>
          <MenuDivider />
          <MenuItem icon="info-sign" text={t('gcj02')} disabled multiline />
        </>
      )}
    </Menu>
  );
  return (
    <div className="sd-basemap-switcher">
      <PopoverNext content={menu} placement="bottom-start">
        <Button
          icon="layers"
          size="small"
          text={t(`presets.${active}`)}
          aria-label={t('switcher')}
          data-testid="basemap-switcher"
        />
      </PopoverNext>
    </div>
  );
}
