import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  OverlayToaster,
  Position,
} from '@blueprintjs/core';
import type { Toaster } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../app/shellApi.ts';
import { makeFeatureWayline } from '../../api/featurePoints.ts';
import { formatTime } from '../../lib/time.ts';

let toaster: Promise<Toaster> | null = null;
/** A toaster of this page's own: its toast carries a link, which the shell's plain toasts do not. */
function linkToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 2 });
  return toaster;
}

/** The server's bounds (`featureSchemas.ts`): speed in m/s, stand-off in m. */
const SPEED = { min: 1, max: 15 };
const STANDOFF = { min: 1, max: 500 };
/** The server's default stand-off (`DEFAULT_STANDOFF_M`), shown so the user sees what they get. */
const DEFAULT_STANDOFF = '30';

/** The typed text as a number inside `range`, or `null`. */
function inRange(text: string, range: { min: number; max: number }): number | null {
  const value = text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(value) && value >= range.min && value <= range.max ? value : null;
}

/** A number field that turns red and says the bounds when its text is outside them. */
function RangeField(p: {
  id: string;
  label: string;
  range: { min: number; max: number };
  text: string;
  valid: boolean;
  error: string;
  hint?: string;
  onChange: (text: string) => void;
}) {
  const intent = p.valid ? 'none' : 'danger';
  return (
    <FormGroup
      label={p.label}
      labelFor={p.id}
      intent={intent}
      helperText={p.valid ? p.hint : p.error}
    >
      <InputGroup
        id={p.id}
        type="number"
        min={p.range.min}
        max={p.range.max}
        value={p.text}
        intent={intent}
        onChange={(e) => p.onChange(e.target.value)}
        data-testid={p.id}
      />
    </FormGroup>
  );
}

const lengthText = (m: number) =>
  m >= 1000 ? `${(m / 1000).toFixed(2)} km` : `${String(Math.round(m))} m`;

/** Names and generates the inspection wayline of the picked points, then links to its editor. */
export function WaylineDialog({
  ids,
  workspaceId,
  isOpen,
  onClose,
}: {
  ids: readonly number[];
  workspaceId: number | null;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('featurePoints');
  const [name, setName] = useState('');
  const [speed, setSpeed] = useState('8');
  const [standoff, setStandoff] = useState(DEFAULT_STANDOFF);
  const speedValue = inRange(speed, SPEED);
  const standoffValue = inRange(standoff, STANDOFF);
  const [busy, setBusy] = useState(false);
  const shownName =
    name || t('wayline.defaultName', { time: formatTime(new Date().toISOString()) });
  const submit = () => {
    if (workspaceId === null || speedValue === null || standoffValue === null) return;
    setBusy(true);
    void makeFeatureWayline({
      workspace_id: workspaceId,
      ids: [...ids],
      name: shownName,
      speed: speedValue,
      standoff: standoffValue,
    }).then(
      (made) => {
        setBusy(false);
        setName('');
        onClose();
        const message = t('wayline.done', {
          name: shownName,
          n: made.order.length,
          length: lengthText(made.length_m),
        });
        void linkToaster().then((tt) =>
          tt.show({
            message,
            intent: 'success',
            icon: 'route',
            timeout: 15_000,
            action: {
              text: t('wayline.open'),
              icon: 'share',
              onClick: () => navigateTo(`/waylineEditor/${String(made.wayline_id)}`),
            },
          }),
        );
      },
      () => setBusy(false),
    );
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('wayline.title')} className="fp-dialog">
      <DialogBody>
        <p>{t('wayline.hint', { n: ids.length })}</p>
        <FormGroup label={t('wayline.name')} labelFor="fp-wayline-name">
          <InputGroup
            id="fp-wayline-name"
            value={shownName}
            onChange={(e) => setName(e.target.value)}
            data-testid="fp-wayline-name"
          />
        </FormGroup>
        <RangeField
          id="fp-wayline-speed"
          label={t('wayline.speed')}
          range={SPEED}
          text={speed}
          valid={speedValue !== null}
          error={t('wayline.outOfRange', SPEED)}
          onChange={setSpeed}
        />
        <RangeField
          id="fp-wayline-standoff"
          label={t('wayline.standoff')}
          range={STANDOFF}
          text={standoff}
          valid={standoffValue !== null}
          error={t('wayline.outOfRange', STANDOFF)}
          hint={t('wayline.standoffHint')}
          onChange={setStandoff}
        />
        <FormGroup label={t('wayline.start')}>
          <span>{t('wayline.startFirst')}</span>
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <Button
            intent="primary"
            text={t('wayline.submit')}
            loading={busy}
            disabled={ids.length === 0 || speedValue === null || standoffValue === null}
            data-testid="fp-wayline-submit"
            onClick={submit}
          />
        }
      />
    </Dialog>
  );
}
