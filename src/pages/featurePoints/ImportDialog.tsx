import { useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FileInput } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FeatureFileFormat } from '../../../protocol/featurePoints.ts';
import { FEATURE_CSV_COLUMNS } from '../../../protocol/featurePoints.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { importFeaturePoints } from '../../api/featurePoints.ts';

/** Largest file read, bytes (the server takes 10 MB of text). */
const MAX_BYTES = 10 * 1024 * 1024;

const formatOf = (name: string): FeatureFileFormat => (/\.csv$/i.test(name) ? 'csv' : 'geojson');

/**
 * Picks a CSV or GeoJSON file and imports it into the current project. A refused file shows the
 * server's list of bad rows (by line or feature number); nothing of it was stored.
 */
export function ImportDialog({
  isOpen,
  workspace,
  onClose,
  onImported,
}: {
  isOpen: boolean;
  workspace: { id: number; name: string } | null;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useTranslation('featurePoints');
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setFile(null);
    setProblems([]);
    onClose();
  };
  const submit = async () => {
    if (!file || !workspace) return;
    if (file.size > MAX_BYTES) {
      setProblems([t('importDialog.tooLarge')]);
      return;
    }
    setBusy(true);
    try {
      const text = await file.text();
      const result = await importFeaturePoints({
        workspace_id: workspace.id,
        format: formatOf(file.name),
        text,
      });
      toastSuccess(t('importDialog.done', { n: result.imported }));
      onImported();
      close();
    } catch (error) {
      // The first line says nothing was imported; the rest name each bad row.
      const lines = error instanceof Error ? error.message.split('\n') : [];
      setProblems(lines.length > 1 ? lines.slice(1) : lines);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('importDialog.title')} className="fp-dialog">
      <DialogBody>
        <p>{t('importDialog.hint', { columns: FEATURE_CSV_COLUMNS.join(', ') })}</p>
        {workspace && <p>{t('importDialog.project', { name: workspace.name })}</p>}
        <FileInput
          fill
          text={file?.name ?? t('importDialog.choose')}
          buttonText={t('importDialog.choose')}
          className="fp-import-file"
          inputProps={{ accept: '.csv,.geojson,.json' }}
          onInputChange={(e) => {
            setProblems([]);
            setFile(e.currentTarget.files?.[0] ?? null);
          }}
        />
        {file && (
          <p className="fp-muted">
            {t('importDialog.format', {
              format: formatOf(file.name) === 'csv' ? 'CSV' : 'GeoJSON',
            })}
          </p>
        )}
        {problems.length > 0 && (
          <Callout
            intent="danger"
            title={t('importDialog.refused')}
            data-testid="fp-import-problems"
          >
            <ul className="fp-problems">
              {problems.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <Button
            intent="primary"
            text={t('importDialog.submit')}
            disabled={!file || !workspace}
            loading={busy}
            data-testid="fp-import-submit"
            onClick={() => void submit()}
          />
        }
      />
    </Dialog>
  );
}
