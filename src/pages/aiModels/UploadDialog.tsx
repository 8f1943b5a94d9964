import { useState, type SyntheticEvent } from 'react';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NumericInput,
  ProgressBar,
  TextArea,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MODEL_MAX_UPLOAD_BYTES, MODEL_TASK_TYPES } from '../../../protocol/models.ts';
import { uploadModel } from '../../api/models.ts';
import { toastSuccess } from '../../app/shellApi.ts';
import { useAccountState } from '../../state/account.ts';

const MAX_MB = MODEL_MAX_UPLOAD_BYTES / 1024 / 1024;

type Stage =
  { kind: 'editing' } | { kind: 'sending'; fraction: number } | { kind: 'failed'; message: string };

/**
 * A new model (name, task type, first version) or a new version of `model`: the fields, the ONNX
 * file and its upload bar. The server reads the file; its refusal shows here as it said it.
 */
export function UploadDialog({
  model,
  onClose,
  onUploaded,
}: {
  model: { id: number; name: string } | null;
  onClose: () => void;
  onUploaded: () => void;
}) {
  const { t } = useTranslation('aiModels');
  const { workspace } = useAccountState();
  const [name, setName] = useState('');
  const [taskType, setTaskType] = useState<string>(MODEL_TASK_TYPES[0]);
  const [version, setVersion] = useState('1.0.0');
  const [classes, setClasses] = useState('');
  const [threshold, setThreshold] = useState(0.5);
  const [notes, setNotes] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ kind: 'editing' });
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

  return (
    <Dialog
      isOpen
      onClose={sending ? undefined : onClose}
      title={model ? t('upload.titleVersion', { name: model.name }) : t('upload.titleNew')}
      icon="cloud-upload"
      className="sd-model-upload"
    >
      <form onSubmit={submit} data-testid="model-upload-form">
        <DialogBody>
          {!model &&
            (workspace ? (
              <p>{t('upload.project', { name: workspace.name })}</p>
            ) : (
              <Callout intent="warning">{t('upload.noProject')}</Callout>
            ))}
          {!model && (
            <div className="sd-model-upload__row">
              <FormGroup label={t('upload.name')} labelFor="model-name" labelInfo="*">
                <InputGroup
                  id="model-name"
                  value={name}
                  maxLength={64}
                  onValueChange={setName}
                  disabled={sending}
                />
              </FormGroup>
              <FormGroup label={t('upload.taskType')} labelFor="model-task">
                <HTMLSelect
                  id="model-task"
                  value={taskType}
                  onChange={(e) => setTaskType(e.currentTarget.value)}
                  disabled={sending}
                  options={MODEL_TASK_TYPES.map((value) => ({
                    value,
                    label: t(`taskTypes.${value}`),
                  }))}
                />
              </FormGroup>
            </div>
          )}
          <div className="sd-model-upload__row">
            <FormGroup
              label={t('upload.version')}
              labelFor="model-version"
              labelInfo="*"
              helperText={t('upload.versionHint')}
            >
              <InputGroup
                id="model-version"
                value={version}
                maxLength={32}
                onValueChange={setVersion}
                disabled={sending}
              />
            </FormGroup>
            <FormGroup label={t('upload.threshold')} labelFor="model-threshold">
              <NumericInput
                id="model-threshold"
                value={threshold}
                min={0.01}
                max={0.99}
                stepSize={0.05}
                minorStepSize={0.01}
                onValueChange={(v) => setThreshold(Number.isFinite(v) ? v : 0.5)}
                disabled={sending}
                fill
              />
            </FormGroup>
          </div>
          <FormGroup
            label={t('upload.classes')}
            labelFor="model-classes"
            labelInfo="*"
            helperText={t('upload.classesHint')}
          >
            <InputGroup
              id="model-classes"
              value={classes}
              onValueChange={setClasses}
              disabled={sending}
            />
          </FormGroup>
          <FormGroup label={t('upload.notes')} labelFor="model-notes">
            <TextArea
              id="model-notes"
              value={notes}
              maxLength={500}
              onChange={(e) => setNotes(e.currentTarget.value)}
              disabled={sending}
              fill
            />
          </FormGroup>
          <FormGroup
            label={t('upload.file')}
            labelInfo="*"
            helperText={t('upload.fileHint', { mb: MAX_MB })}
          >
            <FileInput
              fill
              text={file?.name ?? t('upload.noFile')}
              buttonText={t('upload.pick')}
              disabled={sending}
              inputProps={{ accept: '.onnx', 'aria-label': t('upload.file') }}
              onInputChange={(e) => {
                setFile(e.currentTarget.files?.[0] ?? null);
                setStage({ kind: 'editing' });
              }}
            />
          </FormGroup>
          {stage.kind === 'sending' && (
            <div className="sd-model-upload__progress" data-testid="model-upload-progress">
              <ProgressBar value={stage.fraction} intent="primary" animate={stage.fraction < 1} />
              <span>
                {stage.fraction < 1
                  ? t('upload.sending', { pct: Math.round(stage.fraction * 100) })
                  : t('upload.checking')}
              </span>
            </div>
          )}
          {stage.kind === 'failed' && (
            <Callout intent="danger" data-testid="model-upload-error">
              {stage.message}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('deployDialog.close')} onClick={onClose} disabled={sending} />
              <Button
                type="submit"
                intent="primary"
                icon="cloud-upload"
                text={t('upload.start')}
                loading={sending}
                disabled={!ready}
                title={ready ? undefined : t('upload.required')}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
