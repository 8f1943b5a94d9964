/** The left column: the device list, or the loading, empty or error state of the project's devices. */
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FleetLoad } from '../../fleet/load/useFleetDevices.ts';
import { DeviceList } from './DeviceList.tsx';

interface Props {
  load: FleetLoad;
  retry: () => void;
  selected: string | null;
  onSelect: (sn: string) => void;
}

function LoadState({ load, retry }: Pick<Props, 'load' | 'retry'>) {
  const { t } = useTranslation('dashboard');
  switch (load.status) {
    case 'loading':
      return <NonIdealState icon={<Spinner size={32} />} title={t('loading')} />;
    case 'error':
      return (
        <NonIdealState
          icon="error"
          title={t('loadFailed')}
          description={load.message}
          action={<Button text={t('retry')} onClick={retry} />}
        />
      );
    case 'no-workspace':
    case 'ready':
      return <NonIdealState icon="airplane" title={t('empty')} description={t('emptyHint')} />;
  }
}

/** Devices when there are some; otherwise why not. */
export function FleetSidebar({ load, retry, selected, onSelect }: Props) {
  const ready = load.status === 'ready' && load.count > 0;
  return (
    <div
      className="wb-sidebar"
      data-testid="fleet-sidebar"
      data-state={ready ? 'ready' : load.status}
    >
      {ready ? (
        <DeviceList selected={selected} onSelect={onSelect} />
      ) : (
        <LoadState load={load} retry={retry} />
      )}
    </div>
  );
}
