import { useState } from 'react';
import { Dialog, DialogBody } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../protocol/http.ts';
import { resetUserPassword } from '../../api/users.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { TextField } from './UserFormFields.tsx';
import { newPasswordProblem } from '../../lib/userRules.ts';
import { FormDialogFooter } from '../../components/FormDialogFooter/FormDialogFooter.tsx';
import { useFormSubmit } from '../../components/FormDialogFooter/useFormSubmit.ts';

/** Sets a new password for `user` (the sign-in page's rule); Enter saves, Esc closes. */
export function ResetPasswordDialog({ user, onClose }: { user: UserInfo; onClose: () => void }) {
  const { t } = useTranslation('users');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const rule = newPasswordProblem(password);
  const mismatch = confirm === password ? undefined : ('mismatch' as const);
  const submit = useFormSubmit({
    invalid: () => (rule ?? mismatch) !== undefined,
    save: async () => {
      await resetUserPassword(user.id, password);
      toastSuccess(t('passwordReset', { name: user.username }));
    },
    onDone: onClose,
    fields: ['password'],
  });

  return (
    <Dialog isOpen onClose={onClose} title={t('resetTitle', { name: user.username })} icon="key">
      <form className="sd-reset-form" onSubmit={submit.onSubmit}>
        <DialogBody>
          <TextField
            id="reset-password"
            type="password"
            required
            autoFocus
            label={t('newPassword')}
            value={password}
            problem={submit.touched && rule ? t(rule) : submit.serverErrors.password}
            onChange={setPassword}
          />
          <TextField
            id="reset-confirm"
            type="password"
            required
            label={t('confirmPassword')}
            value={confirm}
            problem={submit.touched && mismatch ? t(mismatch) : undefined}
            onChange={setConfirm}
          />
        </DialogBody>
        <FormDialogFooter busy={submit.busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
