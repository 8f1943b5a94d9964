import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MODEL_TASK_TYPES } from '../../../protocol/models.ts';
import { uploadModel } from '../../api/models.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { useAccountState } from '../../state/account.ts';

/** Where an upload stands: being filled in, on its way (a fraction sent), or refused. */
export type UploadStage =
  { kind: 'editing' } | { kind: 'sending'; fraction: number } | { kind: 'failed'; message: string };

/** The model an upload adds a version to; null for a new model. */
export type UploadTarget = { id: number; name: string } | null;

/**
 * The upload dialog's fields, whether they are complete, and the send itself, kept apart from the
 * dialog's looks so that the panels only show what this holds.
 */
export function useUploadForm(model: UploadTarget, onClose: () => void, onUploaded: () => void) {
  const { t } = useTranslation('aiModels');
  const { workspace } = useAccountState();
  const [name, setName] = useState('');
  const [taskType, setTaskType] = useState<string>(MODEL_TASK_TYPES[0]);
  const [version, setVersion] = useState('1.0.0');
  const [classes, setClasses] = useState('');
  const [threshold, setThreshold] = useState(0.5);
  const [notes, setNotes] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<UploadStage>({ kind: 'editing' });
  const sending = stage.kind === 'sending';
  const ready =
    file !== null &&
    version.trim() !== '' &&
    classes.trim() !== '' &&
    (model !== null || (name.trim() !== '' && workspace !== null));

  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!ready || sending) return;
    setStage({ kind: 'sending', fraction: 0 });
    const fields = {
      ...(model
        ? { model_id: model.id }
        : { workspace_id: workspace?.id, name: name.trim(), task_type: taskType }),
      version: version.trim(),
      classes,
      threshold,
      notes,
    };
    void uploadModel(file, fields, (fraction) => setStage({ kind: 'sending', fraction })).then(
      (result) => {
        if (!result.ok) {
          setStage({ kind: 'failed', message: result.message });
          return;
        }
        toastSuccess(
          t('upload.done', { name: model?.name ?? name, version: result.value.version }),
        );
        onUploaded();
        onClose();
      },
    );
  };

  // A new file is a new try: a refusal of the last one no longer applies.
  const pickFile = (picked: File | null) => {
    setFile(picked);
    setStage({ kind: 'editing' });
  };

  return {
    workspace,
    name,
    setName,
    taskType,
    setTaskType,
    version,
    setVersion,
    classes,
    setClasses,
    threshold,
    setThreshold,
    notes,
    setNotes,
    file,
    pickFile,
    stage,
    sending,
    ready,
    submit,
  };
}

/** The upload dialog's state and handlers, as its panels take them. */
export type UploadForm = ReturnType<typeof useUploadForm>;
