import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Device, DeviceAdded } from '../../../protocol/http.ts';
import { listDevices } from '../../api/devices.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import { SearchTable, useSearchTable } from '../../components/SearchTable/index.ts';
import { DeleteDeviceAlert } from './DeleteDeviceAlert.tsx';
import { DeviceDrawer } from './DeviceDrawer.tsx';
import { DeviceFormDialog } from './DeviceFormDialog.tsx';
import { deviceListQuery } from './deviceQuery.ts';
import { SecretDialog } from './SecretDialog.tsx';
import { useDeviceColumns } from './useDeviceColumns.tsx';
import { useDeviceFields } from './useDeviceFields.ts';
import './device.css';

/** What is open over the table: the bind/edit form, the one-time secret, a delete, or the details. */
type Overlay =
  | { kind: 'form'; device: Device | null }
  | { kind: 'secret'; added: DeviceAdded }
  | { kind: 'delete'; device: Device }
  | { kind: 'detail'; device: Device }
  | null;

/** The devices page: search, bind, edit, delete and inspect the devices the user may see. */
export default function DevicePage() {
  const { t } = useTranslation('devices');
  const fields = useDeviceFields();
  const table = useSearchTable<Device>({
    fields,
    request: (q) => listDevices(deviceListQuery(q)),
  });
  const [overlay, setOverlay] = useState<Overlay>(null);
  const close = () => setOverlay(null);
  const columns = useDeviceColumns(table, (kind, device) => setOverlay({ kind, device }));
  const toolbar = (
    <Permission code="device:add">
      <Button
        intent="primary"
        icon="add"
        text={t('add')}
        data-testid="device-add"
        onClick={() => setOverlay({ kind: 'form', device: null })}
      />
    </Permission>
  );
  const saved = (added: DeviceAdded | null) => {
    setOverlay(added ? { kind: 'secret', added } : null);
    table.refresh();
  };
  return (
    <div className="sd-device-page">
      <SearchTable
        table={table}
        fields={fields}
        columns={columns}
        rowKey={(d) => d.device_sn}
        toolbar={toolbar}
      />
      {overlay?.kind === 'form' && (
        <DeviceFormDialog device={overlay.device} onClose={close} onSaved={saved} />
      )}
      {overlay?.kind === 'secret' && <SecretDialog added={overlay.added} onClose={close} />}
      {overlay?.kind === 'delete' && (
        <DeleteDeviceAlert
          device={overlay.device}
          onClose={close}
          onDeleted={() => {
            close();
            table.refresh();
          }}
        />
      )}
      {overlay?.kind === 'detail' && <DeviceDrawer device={overlay.device} onClose={close} />}
    </div>
  );
}
