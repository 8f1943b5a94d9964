/** Number and age formatting in the workbench's language. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Formats a reading with its unit, or the "no value" dash when the device did not send it. */
export function useReading(): (value: number | null, digits: number, unit: string) => string {
  const { t } = useTranslation('dashboard');
  return useCallback(
    (value, digits, unit) =>
      value === null ? t('panel.noValue') : `${value.toFixed(digits)}${unit}`,
    [t],
  );
}

/** Formats how old a reading is: "12 s", "3 min". */
export function useAge(): (ageMs: number) => string {
  const { t } = useTranslation('dashboard');
  return useCallback(
    (ageMs) => {
      const seconds = Math.floor(ageMs / 1000);
      return seconds < 120
        ? t('seconds', { count: seconds })
        : t('minutes', { count: Math.floor(seconds / 60) });
    },
    [t],
  );
}
