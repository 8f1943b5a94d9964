/**
 * Airspace: the current project's custom flight areas on a map — no-fly areas the aircraft may not
 * enter, operation areas it may not leave — drawn, imported, reshaped, switched on and off, renamed
 * and deleted; and whether each dock of the project holds them (the server sends every change to the
 * docks, which fetch and report it; see server/airspace).
 */
import { useState } from 'react';
import { Button, ButtonGroup, Callout, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AIRSPACE_ACCESS } from '../../../protocol/airspace.ts';
import type { AirspaceArea, AirspaceShape } from '../../../protocol/airspace.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { Permission } from '../../components/Permission/Permission.tsx';
import { useProjectId } from '../../map/airspaceAreas.ts';
import { AirspaceMap } from './AirspaceMap.tsx';
import { AreaDialog } from './AreaDialog.tsx';
import type { AreaDraft } from './AreaDialog.tsx';
import type { DrawTool } from './AreaDraw.tsx';
import { AreaList } from './AreaList.tsx';
import { DockSyncList } from './DockSyncList.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { addArea, editArea } from './airspaceApi.ts';
import { useAirspace } from './useAirspace.ts';
import './airspace.css';

/** The next free default name of a kind: "No-fly area 3". */
function defaultName(areas: readonly AirspaceArea[], name: (n: number) => string): string {
  const taken = new Set(areas.map((a) => a.name));
  let n = areas.length + 1;
  while (taken.has(name(n))) n++;
  return name(n);
}

/** While an area's shape is edited: what to do, and saving or dropping the change. */
function ReshapeBar({
  area,
  changed,
  onSave,
  onCancel,
}: {
  area: AirspaceArea;
  changed: boolean;
  onSave: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('airspace');
  const [saving, setSaving] = useState(false);
  const hint = area.shape.type === 'circle' ? 'draw.reshapeCircleHint' : 'draw.reshapePolygonHint';
  return (
    <div className="sd-airspace-toolbar" data-testid="airspace-reshape-bar">
      <Button
        intent="primary"
        icon="tick"
        text={t('draw.reshapeSave')}
        disabled={!changed}
        loading={saving}
        onClick={() => {
          setSaving(true);
          void onSave().finally(() => setSaving(false));
        }}
        data-testid="airspace-reshape-save"
      />
      <Button icon="undo" text={t('draw.reshapeCancel')} onClick={onCancel} />
      <Callout compact className="sd-airspace-hint" icon="info-sign">
        {t(hint, { name: area.name })}
      </Callout>
    </div>
  );
}

function Toolbar({
  tool,
  onTool,
  onImport,
}: {
  tool: DrawTool;
  onTool: (t: DrawTool) => void;
  onImport: () => void;
}) {
  const { t } = useTranslation('airspace');
  return (
    <div className="sd-airspace-toolbar">
      <Permission code={AIRSPACE_ACCESS.add}>
        <ButtonGroup>
          <Button
            icon="polygon-filter"
            text={t('draw.polygon')}
            active={tool === 'polygon'}
            onClick={() => onTool(tool === 'polygon' ? null : 'polygon')}
            data-testid="airspace-draw-polygon"
          />
          <Button
            icon="circle"
            text={t('draw.circle')}
            active={tool === 'circle'}
            onClick={() => onTool(tool === 'circle' ? null : 'circle')}
            data-testid="airspace-draw-circle"
          />
        </ButtonGroup>
        {tool !== null && (
          <Button
            variant="minimal"
            icon="cross"
            text={t('draw.cancel')}
            onClick={() => onTool(null)}
          />
        )}
        <Button
          icon="import"
          text={t('import.button')}
          onClick={onImport}
          data-testid="airspace-import"
        />
      </Permission>
      {tool !== null && (
        <Callout compact className="sd-airspace-hint" icon="info-sign">
          {t(tool === 'polygon' ? 'draw.polygonHint' : 'draw.circleHint')}
        </Callout>
      )}
    </div>
  );
}

function Airspace({ workspaceId }: { workspaceId: number }) {
  const { t } = useTranslation('airspace');
  const data = useAirspace(workspaceId);
  const [tool, setTool] = useState<DrawTool>(null);
  const [drawn, setDrawn] = useState<AirspaceShape | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const [reshaping, setReshaping] = useState<AirspaceArea | null>(null);
  const [reshaped, setReshaped] = useState<AirspaceShape | null>(null);
  const areas = data.areas ?? [];
  const startReshape = (area: AirspaceArea) => {
    setTool(null);
    setSelected(area.id);
    setReshaped(null);
    setReshaping(area);
  };
  const stopReshape = () => {
    setReshaping(null);
    setReshaped(null);
  };
  const saveShape = async () => {
    if (!reshaping || !reshaped) return;
    // A shape the server refuses (it names why, in a toast) stays on the map to be mended.
    await editArea({ id: reshaping.id, shape: reshaped }).then(
      () => {
        toastSuccess(t('saved'));
        stopReshape();
        data.reload();
      },
      () => undefined,
    );
  };
  const save = async (draft: AreaDraft) => {
    if (!drawn) return;
    const added = await addArea({
      workspace_id: workspaceId,
      name: draft.name,
      kind: draft.kind,
      shape: drawn,
    });
    toastSuccess(t('saved'));
    setSelected(added.id);
    data.reload();
  };
  if (data.areas === null) return <Spinner />;
  return (
    <div className="sd-airspace-page" data-testid="airspace-page">
      {reshaping ? (
        <ReshapeBar
          area={reshaping}
          changed={reshaped !== null}
          onSave={saveShape}
          onCancel={stopReshape}
        />
      ) : (
        <Toolbar tool={tool} onTool={setTool} onImport={() => setImporting(true)} />
      )}
      <div className="sd-airspace-columns">
        <div className="sd-airspace-map" data-testid="airspace-map">
          <AirspaceMap
            areas={areas}
            selected={selected}
            tool={tool}
            onShape={(shape) => {
              setTool(null);
              setDrawn(shape);
            }}
            reshape={reshaping}
            onReshape={setReshaped}
          />
        </div>
        <div className="sd-airspace-side">
          <Card compact>
            <h4>{t('list.title')}</h4>
            <AreaList
              areas={areas}
              selected={selected}
              onSelect={setSelected}
              onChanged={data.reload}
              onReshape={startReshape}
            />
          </Card>
          <Card compact>
            <h4>{t('docks.title')}</h4>
            <DockSyncList workspaceId={workspaceId} sync={data.sync} onRetried={data.reload} />
          </Card>
        </div>
      </div>
      {drawn && (
        <AreaDialog
          mode="new"
          initial={{
            name: defaultName(areas, (n) =>
              t('dialog.defaultName', { kind: t('kinds.no_fly'), n }),
            ),
            kind: 'no_fly',
          }}
          onSave={save}
          onClose={() => setDrawn(null)}
        />
      )}
      {importing && (
        <ImportDialog
          workspaceId={workspaceId}
          onDone={data.reload}
          onClose={() => setImporting(false)}
        />
      )}
    </div>
  );
}

/** The page: the current project's airspace, or a hint to choose a project. */
export default function AirspacePage() {
  const { t } = useTranslation('airspace');
  const workspaceId = useProjectId();
  if (workspaceId === undefined) return <NonIdealState icon="office" title={t('noProject')} />;
  return <Airspace key={workspaceId} workspaceId={workspaceId} />;
}
