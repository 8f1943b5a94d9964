/** The side panel of whatever is selected: a dock gets the dock panel, anything else the aircraft's. */
import { useTranslation } from 'react-i18next';
import { useDeviceState } from '../../fleet/fleet.ts';
import { DockPanel } from './DockPanel.tsx';
import { DronePanel } from './DronePanel.tsx';

interface Props {
  selected: string | null;
  follow: boolean;
  onFollow: (follow: boolean) => void;
  onSelect: (sn: string | null) => void;
}

/** The panel, or the hint to pick something. */
export function SelectedPanel({ selected, follow, onFollow, onSelect }: Props) {
  const { t } = useTranslation('dashboard');
  if (selected === null) return <div className="wb-panel wb-muted">{t('panel.noSelection')}</div>;
  return <PanelFor sn={selected} follow={follow} onFollow={onFollow} onSelect={onSelect} />;
}

function PanelFor({ sn, follow, onFollow, onSelect }: Omit<Props, 'selected'> & { sn: string }) {
  const { kind } = useDeviceState(sn);
  const close = (): void => onSelect(null);
  if (kind === 'dock') return <DockPanel sn={sn} onSelect={onSelect} onClose={close} />;
  return (
    <DronePanel sn={sn} follow={follow} onFollow={onFollow} onSelect={onSelect} onClose={close} />
  );
}
