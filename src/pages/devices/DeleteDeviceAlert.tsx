import { useTranslation } from 'react-i18next';
import type { Device } from '../../../protocol/http.ts';
import { deleteDevice } from '../../api/devices.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete/ConfirmDelete.tsx';

interface Props {
  device: Device;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before unbinding a device; the server's message shows when it refuses. */
export function DeleteDeviceAlert({ device, onClose, onDeleted }: Props) {
  const { t } = useTranslation('devices');
  return (
    <ConfirmDelete
      message={t('confirmDelete', { name: device.name, sn: device.device_sn })}
      confirmText={t('del')}
      onClose={onClose}
      onConfirm={async () => {
        await deleteDevice(device.workspace_id, { device_sn: device.device_sn });
        toastSuccess(t('deleted', { sn: device.device_sn }));
        onDeleted();
      }}
    />
  );
}
