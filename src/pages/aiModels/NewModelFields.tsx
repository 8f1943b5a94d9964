import { Callout, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MODEL_TASK_TYPES } from '../../../protocol/models.ts';
import type { UploadForm } from './useUploadForm.ts';

/**
 * What only a new model asks for: the project it goes into (or a warning that none is open), its
 * name and its task type.
 */
export function NewModelFields({ form }: { form: UploadForm }) {
  const { t } = useTranslation('aiModels');
  const { workspace, sending } = form;
  return (
    <>
      {workspace ? (
        <p>{t('upload.project', { name: workspace.name })}</p>
      ) : (
        <Callout intent="warning">{t('upload.noProject')}</Callout>
      )}
      <div className="sd-model-upload__row">
        <FormGroup label={t('upload.name')} labelFor="model-name" labelInfo="*">
          <InputGroup
            id="model-name"
            value={form.name}
            maxLength={64}
            onValueChange={form.setName}
            disabled={sending}
          />
        </FormGroup>
        <FormGroup label={t('upload.taskType')} labelFor="model-task">
          <HTMLSelect
            id="model-task"
            value={form.taskType}
            onChange={(e) => form.setTaskType(e.currentTarget.value)}
            disabled={sending}
            options={MODEL_TASK_TYPES.map((value) => ({
              value,
              label: t(`taskTypes.${value}`),
            }))}
          />
        </FormGroup>
      </div>
    </>
  );
}
