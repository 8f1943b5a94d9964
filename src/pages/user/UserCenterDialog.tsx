import { useState } from 'react';
import { Dialog, DialogBody, FormGroup, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { updateProfile } from '../../api/users.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { formatTime } from '../../lib/time.ts';
import { setUserInfo, useAccountState } from '../../state/account.ts';
import { contactProblems } from '../users/userRules.ts';
import { FormDialogFooter } from '../../components/FormDialogFooter/FormDialogFooter.tsx';

type Editable = 'nickname' | 'email' | 'phone';
const EDITABLE: readonly Editable[] = ['nickname', 'email', 'phone'];

/** The user center: the signed-in user's details, with name and contact fields editable. */
export function UserCenterDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('user');
  const { userInfo } = useAccountState();
  const [draft, setDraft] = useState<Record<Editable, string> | null>(null);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  if (!userInfo) return null;
  const values = draft ?? {
    nickname: userInfo.nickname,
    email: userInfo.email,
    phone: userInfo.phone,
  };

  const problems = contactProblems(values);

  async function save() {
    setTouched(true);
    if (Object.values(problems).some((p) => p !== undefined)) return;
    setBusy(true);
    try {
      const updated = await updateProfile(values);
      setUserInfo(updated);
      toastSuccess(t('saved'));
      setDraft(null);
      onClose();
    } catch {
      // The client has shown why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      // A draft abandoned with Cancel or Esc is not shown again next time.
      onClosed={() => {
        setDraft(null);
        setTouched(false);
      }}
      title={t('userCenter', { ns: 'layout' })}
      icon="user"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
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
            const problem = touched ? problems[name] : undefined;
            return (
              <FormGroup
                key={name}
                label={t(name)}
                labelFor={`profile-${name}`}
                inline
                intent={problem ? 'danger' : 'none'}
                helperText={problem && t(problem, { ns: 'usersPage' })}
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
        <FormDialogFooter busy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
