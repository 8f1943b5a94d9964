import { Callout, Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { GasSourceEstimate } from '../../../protocol/gas.ts';
import { formatValue } from './gasLevels.ts';
import './gasViews.css';

/** The estimate of the source of the chosen gas, with the method that made it. */
export function SourcePanel({ source }: { source: GasSourceEstimate | null }) {
  const { t } = useTranslation('gas');
  return (
    <Card className="linxiu-source" data-testid="gas-source">
      <h4>{t('source.title')}</h4>
      {source === null ? (
        <p className="linxiu-muted" data-testid="gas-source-none">
          {t('source.none')}
        </p>
      ) : (
        <ul className="linxiu-facts" data-testid="gas-source-fit">
          <li>
            {t('source.position', { lat: source.lat.toFixed(5), lon: source.lng.toFixed(5) })}
          </li>
          <li>{t('source.uncertainty', { m: source.uncertainty_m })}</li>
          <li>
            {t('source.rate', {
              rate: formatValue(source.rate),
              unit: source.gas === 'odour' ? 'OU/s' : 'g/s',
            })}
          </li>
          <li>{t('source.used', { n: source.used, wind: source.wind_speed })}</li>
        </ul>
      )}
      <Callout compact className="linxiu-method">
        {t('source.method')}
      </Callout>
    </Card>
  );
}
