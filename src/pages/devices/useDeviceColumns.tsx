import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Device } from '../../../protocol/http.ts';
import { modelInfo } from '../../../protocol/mqtt/models.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import type { SearchTableController, TableColumn } from '../../components/SearchTable/index.ts';
import { formatTime } from '../../lib/time.ts';
import { kindFromDomain } from '../../fleet/derive/deviceStatus.ts';
import { OnlineDot } from './OnlineDot.tsx';
import { OpenCockpitButton } from '../../components/OpenCockpitButton/OpenCockpitButton.tsx';
import { OpenDeviceInReplay } from '../../components/OpenInReplay/OpenInReplay.tsx';

export type RowAction = 'detail' | 'form' | 'delete';

/** The devices table's columns; the row buttons report which action the user picked. */
export function useDeviceColumns(
  table: SearchTableController<Device>,
  onAction: (action: RowAction, device: Device) => void,
): TableColumn<Device>[] {
  const { t } = useTranslation('devices');
  const model = (d: Device) => {
    const known = modelInfo(d.model_key).name;
    return known === 'unknown' ? d.model_name || d.model_key : known;
  };
  return [
    {
      key: 'index',
      title: '#',
      width: 48,
      render: (_d, i) => (table.current - 1) * table.size + i + 1,
    },
    { key: 'online', title: t('online'), render: (d) => <OnlineDot device={d} /> },
    { key: 'device_sn', title: t('sn') },
    { key: 'name', title: t('name') },
    { key: 'type', title: t('type'), render: (d) => t(`types.${kindFromDomain(d.domain)}`) },
    { key: 'model', title: t('model'), render: model },
    { key: 'workspace_name', title: t('project') },
    { key: 'firmware_version', title: t('firmware') },
    { key: 'bound_at', title: t('boundAt'), render: (d) => formatTime(d.bound_at) },
    {
      key: 'actions',
      title: t('actions'),
      render: (d) => <RowButtons device={d} onAction={onAction} />,
    },
  ];
}

function RowButtons({
  device,
  onAction,
}: {
  device: Device;
  onAction: (action: RowAction, device: Device) => void;
}) {
  const { t } = useTranslation('devices');
  return (
    <ButtonGroup variant="minimal">
      <Button icon="info-sign" text={t('detail')} onClick={() => onAction('detail', device)} />
      {(device.domain === 0 || device.domain === 3) && <OpenCockpitButton sn={device.device_sn} />}
      {(device.domain === 0 || device.domain === 3) && <OpenDeviceInReplay sn={device.device_sn} />}
      <Permission code="device:edit">
        <Button
          icon="edit"
          text={t('edit')}
          intent="primary"
          onClick={() => onAction('form', device)}
        />
      </Permission>
      <Permission code="device:del">
        <Button
          icon="trash"
          text={t('del')}
          intent="danger"
          onClick={() => onAction('delete', device)}
        />
      </Permission>
    </ButtonGroup>
  );
}
