import { useState } from 'react';
import { Dialog, DialogBody, FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../api/users.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { passwordProblem } from '../../lib/passwordRule.ts';
import { clearSession } from '../../state/session.ts';
import { FormDialogFooter } from '../../components/FormDialogFooter/FormDialogFooter.tsx';
import { useFormSubmit } from '../../components/FormDialogFooter/useFormSubmit.ts';

type Field = 'oldPassword' | 'newPassword' | 'confirmPassword';
const FIELDS: readonly Field[] = ['oldPassword', 'newPassword', 'confirmPassword'];
/** The server's names of the fields whose refusal is shown under them. */
const SERVER_FIELDS: Readonly<Record<string, Field>> = {
  old_password: 'oldPassword',
  new_password: 'newPassword',
};
const EMPTY: Record<Field, string> = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Changes the account password; on success the user signs in again with the new one. */
export function ModifyPasswordDialog({
  isOpen,
  onClose,
}: {
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('user');
  const [values, setValues] = useState(EMPTY);

  function problemOf(name: Field): string | undefined {
    const rule = passwordProblem(values[name]);
    if (rule === 'required') return t('passwordRequired');
    if (rule === 'length' && name !== 'oldPassword') return t('passwordRule', { ns: 'common' });
    if (name === 'confirmPassword' && values.confirmPassword !== values.newPassword)
      return t('mismatch');
    return undefined;
  }

  const submit = useFormSubmit({
    invalid: () => FIELDS.some((f) => problemOf(f) !== undefined),
    save: async () => {
      await changePassword({ old_password: values.oldPassword, new_password: values.newPassword });
      toastSuccess(t('passwordChanged'));
    },
    // The session ends with the old password: sign in again with the new one.
    onDone: () => {
      clearSession();
      window.location.assign('/login');
    },
    fields: SERVER_FIELDS,
  });

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      // Typed passwords never linger in a closed dialog.
      onClosed={() => {
        setValues(EMPTY);
        submit.reset();
      }}
      title={t('modifyPassword', { ns: 'layout' })}
      icon="key"
    >
      <form onSubmit={submit.onSubmit}>
        <DialogBody>
          {FIELDS.map((name) => {
            const problem =
              (submit.touched ? problemOf(name) : undefined) ?? submit.serverErrors[name];
            return (
              <FormGroup
                key={name}
                label={t(name)}
                labelFor={`pw-${name}`}
                intent={problem ? 'danger' : 'none'}
                helperText={
                  problem ??
                  (name === 'newPassword' ? t('passwordRule', { ns: 'common' }) : undefined)
                }
              >
                <InputGroup
                  id={`pw-${name}`}
                  type="password"
                  value={values[name]}
                  onValueChange={(v) => setValues({ ...values, [name]: v })}
                />
              </FormGroup>
            );
          })}
        </DialogBody>
        <FormDialogFooter busy={submit.busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
