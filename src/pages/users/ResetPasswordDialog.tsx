import { useState } from 'react';
import { Dialog, DialogBody } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../protocol/http.ts';
import { resetUserPassword } from '../../api/users.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { TextField } from './UserFormFields.tsx';
import { newPasswordProblem } from './userRules.ts';
import { FormDialogFooter } from '../../components/FormDialogFooter/FormDialogFooter.tsx';

/** Sets a new password for `user` (the sign-in page's rule); Enter saves, Esc closes. */
export function ResetPasswordDialog({ user, onClose }: { user: UserInfo; onClose: () => void }) {
  const { t } = useTranslation('usersPage');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const rule = newPasswordProblem(password);
  const mismatch = confirm === password ? undefined : ('mismatch' as const);

  async function save() {
    setTouched(true);
    if (rule ?? mismatch) return;
    setBusy(true);
    try {
      await resetUserPassword(user.id, password);
      toastSuccess(t('passwordReset', { name: user.username }));
      onClose();
    } catch {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={onClose} title={t('resetTitle', { name: user.username })} icon="key">
      <form
        className="sd-reset-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <DialogBody>
          <TextField
            id="reset-password"
            type="password"
            required
            autoFocus
            label={t('newPassword')}
            value={password}
            problem={touched && rule ? t(rule) : undefined}
            onChange={setPassword}
          />
          <TextField
            id="reset-confirm"
            type="password"
            required
            label={t('confirmPassword')}
            value={confirm}
            problem={touched && mismatch ? t(mismatch) : undefined}
            onChange={setConfirm}
          />
        </DialogBody>
        <FormDialogFooter busy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
