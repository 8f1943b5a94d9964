import { useState } from 'react';
import { Button, InputGroup, NonIdealState, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ICON_NAMES, isIconName } from '../../components/MenuTree/iconNames.ts';

/** More than this many matches are not drawn at once: typing narrows the list instead. */
const SHOWN = 120;

interface Props {
  value: string;
  onChange: (icon: string) => void;
}

/** A button showing the chosen Blueprint icon; it opens a searchable grid of every icon. */
export function IconPicker({ value, onChange }: Props) {
  const { t } = useTranslation('menus');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const found = ICON_NAMES.filter((n) => n.includes(needle));
  const pick = (icon: string) => {
    onChange(icon);
    setOpen(false);
  };
  const content = (
    <div className="sd-icon-picker">
      <InputGroup
        leftIcon="search"
        autoFocus
        placeholder={t('searchIcon')}
        aria-label={t('searchIcon')}
        value={query}
        onValueChange={setQuery}
        // Enter picks the first match instead of submitting the dialog's form.
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          if (found[0]) pick(found[0]);
        }}
      />
      <div className="sd-icon-picker__grid" role="listbox" aria-label={t('pickIcon')}>
        {found.slice(0, SHOWN).map((name) => (
          <Button
            key={name}
            role="option"
            aria-selected={name === value}
            variant="minimal"
            icon={name}
            active={name === value}
            title={name}
            aria-label={name}
            onClick={() => pick(name)}
          />
        ))}
      </div>
      {found.length === 0 && <NonIdealState icon="search" title={t('noIconMatch')} />}
      {found.length > SHOWN && (
        <p className="bp6-text-muted bp6-text-small">
          {t('moreIcons', { count: found.length - SHOWN })}
        </p>
      )}
      <Button
        size="small"
        variant="minimal"
        icon="disable"
        text={t('noIcon')}
        onClick={() => pick('')}
      />
    </div>
  );
  return (
    <PopoverNext
      isOpen={open}
      onInteraction={setOpen}
      content={content}
      placement="bottom-start"
      onClosed={() => setQuery('')}
    >
      <Button
        id="menu-icon"
        icon={isIconName(value) ? value : 'blank'}
        endIcon="caret-down"
        text={value === '' ? t('noIcon') : value}
        aria-label={t('pickIcon')}
      />
    </PopoverNext>
  );
}
