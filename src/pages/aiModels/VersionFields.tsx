import { FileInput, FormGroup, InputGroup, NumericInput, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MODEL_MAX_UPLOAD_BYTES } from '../../../protocol/models.ts';
import type { UploadForm } from './useUploadForm.ts';

const MAX_MB = MODEL_MAX_UPLOAD_BYTES / 1024 / 1024;

/**
 * What every upload asks for, a new model or a new version alike: the version, its threshold,
 * classes and notes, and the ONNX file.
 */
export function VersionFields({ form }: { form: UploadForm }) {
  const { t } = useTranslation('aiModels');
  const { sending } = form;
  return (
    <>
      <div className="sd-model-upload__row">
        <FormGroup
          label={t('upload.version')}
          labelFor="model-version"
          labelInfo="*"
          helperText={t('upload.versionHint')}
        >
          <InputGroup
            id="model-version"
            value={form.version}
            maxLength={32}
            onValueChange={form.setVersion}
            disabled={sending}
          />
        </FormGroup>
        <FormGroup label={t('upload.threshold')} labelFor="model-threshold">
          <NumericInput
            id="model-threshold"
            value={form.threshold}
            min={0.01}
            max={0.99}
            stepSize={0.05}
            minorStepSize={0.01}
            onValueChange={(v) => form.setThreshold(Number.isFinite(v) ? v : 0.5)}
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
          value={form.classes}
          onValueChange={form.setClasses}
          disabled={sending}
        />
      </FormGroup>
      <FormGroup label={t('upload.notes')} labelFor="model-notes">
        <TextArea
          id="model-notes"
          value={form.notes}
          maxLength={500}
          onChange={(e) => form.setNotes(e.currentTarget.value)}
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
          text={form.file?.name ?? t('upload.noFile')}
          buttonText={t('upload.pick')}
          disabled={sending}
          inputProps={{ accept: '.onnx', 'aria-label': t('upload.file') }}
          onInputChange={(e) => form.pickFile(e.currentTarget.files?.[0] ?? null)}
        />
      </FormGroup>
    </>
  );
}
