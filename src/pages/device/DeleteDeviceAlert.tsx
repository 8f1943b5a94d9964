import { useState } from 'react';
import { Alert } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Device } from '../../../protocol/http.ts';
import { deleteDevice } from '../../api/devices.ts';
import { toastSuccess } from '../../app/toaster.ts';

interface Props {
  device: Device;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before unbinding a device; the server's message shows when it refuses. */
export function DeleteDeviceAlert({ device, onClose, onDeleted }: Props) {
  const { t } = useTranslation('devicePage');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteDevice(device.workspace_id, { device_sn: device.device_sn });
      toastSuccess(t('deleted', { sn: device.device_sn }));
      onDeleted();
    } catch {
      // The client has shown the server's message.
      setBusy(false);
    }
  };
  return (
    <Alert
      isOpen
      intent="danger"
      icon="trash"
      loading={busy}
      canEscapeKeyCancel
      cancelButtonText={t('cancel', { ns: 'common' })}
      confirmButtonText={t('del')}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      <p>{t('confirmDelete', { name: device.name, sn: device.device_sn })}</p>
    </Alert>
  );
}
