import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DeviceAdded } from '../../../protocol/http.ts';
import { toastError, toastSuccess } from '../../app/toaster.ts';

/**
 * Shows a freshly bound device's secret. The server keeps only its hash, so this is the one chance
 * to read it: the dialog closes only through its button or Esc, never by a stray click outside.
 */
export function SecretDialog({ added, onClose }: { added: DeviceAdded; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const copy = () =>
    navigator.clipboard.writeText(added.device_secret).then(
      () => toastSuccess(t('secret.copied')),
      () => toastError(t('secret.copyFailed')),
    );
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('secret.title')}
      icon="key"
      canOutsideClickClose={false}
      className="sd-device-secret"
    >
      <DialogBody>
        <Callout intent="warning" icon="warning-sign">
          {t('secret.warning')}
        </Callout>
        <p className="sd-device-secret__label">{t('secret.label', { sn: added.device_sn })}</p>
        <InputGroup
          readOnly
          value={added.device_secret}
          data-testid="device-secret"
          onFocus={(e) => e.currentTarget.select()}
          rightElement={
            <Button
              variant="minimal"
              icon="clipboard"
              text={t('secret.copy')}
              onClick={() => void copy()}
            />
          }
        />
      </DialogBody>
      <DialogFooter
        actions={<Button intent="primary" text={t('secret.done')} onClick={onClose} />}
      />
    </Dialog>
  );
}
