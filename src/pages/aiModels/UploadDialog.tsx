import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { NewModelFields } from './NewModelFields.tsx';
import { UploadStatus } from './UploadStatus.tsx';
import { useUploadForm, type UploadTarget } from './useUploadForm.ts';
import { VersionFields } from './VersionFields.tsx';

/**
 * A new model (name, task type, first version) or a new version of `model`: the fields, the ONNX
 * file and its upload bar. The server reads the file; its refusal shows here as it said it.
 */
export function UploadDialog({
  model,
  onClose,
  onUploaded,
}: {
  model: UploadTarget;
  onClose: () => void;
  onUploaded: () => void;
}) {
  const { t } = useTranslation('aiModels');
  const form = useUploadForm(model, onClose, onUploaded);
  const { sending, ready } = form;
  return (
    <Dialog
      isOpen
      onClose={sending ? undefined : onClose}
      title={model ? t('upload.titleVersion', { name: model.name }) : t('upload.titleNew')}
      icon="cloud-upload"
      className="sd-model-upload"
    >
      <form onSubmit={form.submit} data-testid="model-upload-form">
        <DialogBody>
          {!model && <NewModelFields form={form} />}
          <VersionFields form={form} />
          <UploadStatus stage={form.stage} />
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
