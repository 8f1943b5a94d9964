import { useState } from 'react';
import { Dialog, DialogBody, FormGroup, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { updateProfile } from '../../api/users.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { formatTime } from '../../lib/time.ts';
import { setUserInfo, useAccountState } from '../../state/account.ts';
import { contactProblems } from '../../lib/userRules.ts';
import { FormDialogFooter } from '../../components/FormDialogFooter/FormDialogFooter.tsx';
import { useFormSubmit } from '../../components/FormDialogFooter/useFormSubmit.ts';

type Editable = 'nickname' | 'email' | 'phone';
const EDITABLE: readonly Editable[] = ['nickname', 'email', 'phone'];

/** The user center: the signed-in user's details, with name and contact fields editable. */
export function UserCenterDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('user');
  const { userInfo } = useAccountState();
  const [draft, setDraft] = useState<Record<Editable, string> | null>(null);
  const values = draft ?? {
    nickname: userInfo?.nickname ?? '',
    email: userInfo?.email ?? '',
    phone: userInfo?.phone ?? '',
  };
  const problems = contactProblems(values);
  const submit = useFormSubmit({
    invalid: () => Object.values(problems).some((p) => p !== undefined),
    save: async () => {
      setUserInfo(await updateProfile(values));
      toastSuccess(t('saved'));
      setDraft(null);
    },
    onDone: onClose,
    fields: EDITABLE,
  });
  if (!userInfo) return null;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      // A draft abandoned with Cancel or Esc is not shown again next time.
      onClosed={() => {
        setDraft(null);
        submit.reset();
      }}
      title={t('userCenter', { ns: 'layout' })}
      icon="user"
    >
      <form onSubmit={submit.onSubmit}>
        <DialogBody>
          <HTMLTable compact className="sd-profile">
            <tbody>
              <tr>
                <th>{t('username')}</th>
                <td>{userInfo.username}</td>
              </tr>
              <tr>
                <th>{t('role')}</th>
                <td>{userInfo.role_name}</td>
              </tr>
              <tr>
                <th>{t('workspace')}</th>
                <td>{userInfo.workspace.name}</td>
              </tr>
              <tr>
                <th>{t('lastLogin')}</th>
                <td>{formatTime(userInfo.last_login_at) || '—'}</td>
              </tr>
            </tbody>
          </HTMLTable>
          {EDITABLE.map((name) => {
            const key = submit.touched ? problems[name] : undefined;
            const problem = key ? t(key, { ns: 'users' }) : submit.serverErrors[name];
            return (
              <FormGroup
                key={name}
                label={t(name)}
                labelFor={`profile-${name}`}
                inline
                intent={problem ? 'danger' : 'none'}
                helperText={problem}
              >
                <InputGroup
                  id={`profile-${name}`}
                  value={values[name]}
                  onValueChange={(v) => setDraft({ ...values, [name]: v })}
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
