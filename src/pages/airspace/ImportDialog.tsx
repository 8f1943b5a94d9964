/**
 * Imports areas from a GeoJSON or KML file chosen on this computer: the text goes to the server,
 * which reads every polygon in it and refuses the whole file, naming the place, when one cannot be
 * used. The format is told by the file's name (`.kml`, else GeoJSON).
 */
import { useState } from 'react';
import { Callout, Classes, Dialog, FileInput, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AIRSPACE_IMPORT_MAX_CHARS, AIRSPACE_KINDS } from '../../../protocol/airspace.ts';
import type { AirspaceKind } from '../../../protocol/airspace.ts';
import { toastError, toastSuccess } from '../../app/shellApi.ts';
import { FormDialogFooter } from '../../components/FormDialogFooter/FormDialogFooter.tsx';
import { importAreas } from './airspaceApi.ts';

interface Props {
  workspaceId: number;
  onDone: () => void;
  onClose: () => void;
}

/** The dialog; mounted when it opens. */
export function ImportDialog({ workspaceId, onDone, onClose }: Props) {
  const { t } = useTranslation('airspace');
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<AirspaceKind>('no_fly');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!file) return;
    const content = await file.text();
    if (content.length > AIRSPACE_IMPORT_MAX_CHARS) {
      toastError(t('import.tooLarge', { max: AIRSPACE_IMPORT_MAX_CHARS }));
      return;
    }
    const format = /\.kml$/i.test(file.name) ? 'kml' : 'geojson';
    setBusy(true);
    try {
      const added = await importAreas({ workspace_id: workspaceId, format, kind, content });
      toastSuccess(t('import.done', { count: added.length }));
      onDone();
      onClose();
    } catch {
      // The client already showed the server's reason (which polygon, what is wrong with it).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={t('import.title')} className="sd-airspace-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className={Classes.DIALOG_BODY}>
          <Callout compact>{t('import.hint')}</Callout>
          <FormGroup label={t('import.file')} className="sd-airspace-gap">
            <FileInput
              fill
              text={file?.name ?? t('import.choose')}
              inputProps={{ accept: '.geojson,.json,.kml', 'aria-label': t('import.file') }}
              onInputChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            />
          </FormGroup>
          <FormGroup label={t('import.kind')}>
            <HTMLSelect
              value={kind}
              onChange={(e) => {
                const next = AIRSPACE_KINDS.find((k) => k === e.currentTarget.value);
                if (next) setKind(next);
              }}
              options={AIRSPACE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            />
          </FormGroup>
        </div>
        <FormDialogFooter busy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
