import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { setLanguage, type Language } from '../../i18n/index.ts';

// Each language is named in its own script, so a reader of either can find theirs.
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '简体中文', en: 'English' };

/** Switches the interface language at once and saves it. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('layout');
  const menu = (
    <Menu>
      {(Object.keys(LANGUAGE_NAMES) as Language[]).map((lng) => (
        <MenuItem
          key={lng}
          text={LANGUAGE_NAMES[lng]}
          active={i18n.language === lng}
          onClick={() => void setLanguage(lng)}
        />
      ))}
    </Menu>
  );
  return (
    <PopoverNext content={menu} placement="bottom-end">
      <Button
        variant="minimal"
        icon="translate"
        aria-label={t('language')}
        data-testid="language-switch"
      />
    </PopoverNext>
  );
}
