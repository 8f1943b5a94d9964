import { useState } from 'react';
import { Button, Callout, Classes, Dialog, HTMLTable, NumericInput } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { GasThreshold } from '../../../protocol/gas.ts';
import { CHANNEL_UNIT } from '../../../protocol/gas.ts';
import { saveGasThresholds } from '../../api/gas.ts';
import { toastError, toastSuccess } from '../../app/shellApi.ts';

interface Props {
  open: boolean;
  thresholds: readonly GasThreshold[];
  workspaceId: number | undefined;
  onClose: () => void;
  onSaved: (next: GasThreshold[]) => void;
}

/** Caution and warning per gas for the current project (those holding `gas:edit`). */
export function ThresholdsDialog({ open, thresholds, workspaceId, onClose, onSaved }: Props) {
  const { t } = useTranslation('gas');
  // Mounted afresh each time it opens, so the draft starts from the saved values.
  const [draft, setDraft] = useState<GasThreshold[]>(() => thresholds.map((x) => ({ ...x })));
  const [saving, setSaving] = useState(false);
  const invalid = draft.filter((d) => !(d.warning > d.caution)).map((d) => d.gas);
  const set = (gas: string, key: 'caution' | 'warning', value: number) =>
    setDraft((old) => old.map((d) => (d.gas === gas ? { ...d, [key]: value } : d)));
  const save = () => {
    setSaving(true);
    saveGasThresholds({ workspace_id: workspaceId, thresholds: draft })
      .then((next) => {
        toastSuccess(t('thresholds.saved'));
        onSaved(next);
        onClose();
      })
      .catch((error: unknown) => toastError(error instanceof Error ? error.message : String(error)))
      .finally(() => setSaving(false));
  };
  return (
    <Dialog isOpen={open} onClose={onClose} title={t('thresholds.title')} className="linxiu-dialog">
      <div className={Classes.DIALOG_BODY} data-testid="gas-thresholds">
        <Callout compact>{t('thresholds.hint')}</Callout>
        <HTMLTable compact className="linxiu-table">
          <thead>
            <tr>
              <th>{t('thresholds.gas')}</th>
              <th>{t('thresholds.caution')}</th>
              <th>{t('thresholds.warning')}</th>
              <th>{t('thresholds.unit')}</th>
            </tr>
          </thead>
          <tbody>
            {draft.map((d) => (
              <tr key={d.gas}>
                <td>{t(`gases.${d.gas}`)}</td>
                <td>
                  <NumericInput
                    value={d.caution}
                    min={0}
                    minorStepSize={0.001}
                    onValueChange={(v) => set(d.gas, 'caution', Number.isFinite(v) ? v : 0)}
                    data-testid={`threshold-${d.gas}-caution`}
                    fill
                  />
                </td>
                <td>
                  <NumericInput
                    value={d.warning}
                    min={0}
                    minorStepSize={0.001}
                    intent={invalid.includes(d.gas) ? 'danger' : 'none'}
                    onValueChange={(v) => set(d.gas, 'warning', Number.isFinite(v) ? v : 0)}
                    data-testid={`threshold-${d.gas}-warning`}
                    fill
                  />
                </td>
                <td>{CHANNEL_UNIT[d.gas]}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {invalid.length > 0 && (
          <Callout intent="danger" compact>
            {t('thresholds.invalid')}
          </Callout>
        )}
      </div>
      <div className={Classes.DIALOG_FOOTER}>
        <div className={Classes.DIALOG_FOOTER_ACTIONS}>
          <Button text={t('thresholds.cancel')} onClick={onClose} />
          <Button
            intent="primary"
            text={t('thresholds.save')}
            loading={saving}
            disabled={invalid.length > 0}
            onClick={save}
            data-testid="gas-thresholds-save"
          />
        </div>
      </div>
    </Dialog>
  );
}
