import { useState } from 'react';
import { Dialog, DialogBody, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../protocol/http.ts';
import { addUser, editUser } from '../../api/users.ts';
import { toastSuccess } from '../../app/toaster.ts';
import type { UserChoices } from './useUserChoices.ts';
import { SelectField, TextField } from './UserFormFields.tsx';
import { contactProblems, newPasswordProblem, usernameProblem } from '../../lib/userRules.ts';
import { FormDialogFooter } from '../../components/FormDialogFooter/FormDialogFooter.tsx';
import { useFormSubmit } from '../../components/FormDialogFooter/useFormSubmit.ts';

interface Draft {
  username: string;
  password: string;
  nickname: string;
  email: string;
  phone: string;
  role_id: string;
  workspace_id: string;
  enabled: boolean;
}

function initial(user: UserInfo | null): Draft {
  if (!user) {
    const blank = { username: '', password: '', nickname: '', email: '', phone: '' };
    return { ...blank, role_id: '', workspace_id: '', enabled: true };
  }
  const { username, nickname, email, phone, enabled } = user;
  const ids = { role_id: String(user.role_id), workspace_id: String(user.workspace_id) };
  return { username, password: '', nickname, email, phone, enabled, ...ids };
}

function problemsOf(d: Draft, adding: boolean) {
  return {
    username: adding ? usernameProblem(d.username) : undefined,
    password: adding ? newPasswordProblem(d.password) : undefined,
    ...contactProblems(d),
    role_id: d.role_id === '' ? ('roleRequired' as const) : undefined,
    workspace_id: d.workspace_id === '' ? ('projectRequired' as const) : undefined,
  };
}

/** The fields whose server-side refusal is shown under them (the server's names are the form's). */
const SERVER_FIELDS = [
  'username',
  'password',
  'nickname',
  'email',
  'phone',
  'role_id',
  'workspace_id',
] as const;

/** Adds a user (`user` null) or edits one; Enter saves, Esc closes. Mount with a `key` per user. */
export function UserDialog(props: {
  user: UserInfo | null;
  isSelf: boolean;
  choices: UserChoices;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { user, isSelf, choices, onClose } = props;
  const { t } = useTranslation('users');
  const [draft, setDraft] = useState(() => initial(user));
  const found = problemsOf(draft, user === null);
  const submit = useFormSubmit({
    invalid: () => Object.values(found).some((p) => p !== undefined),
    save: async () => {
      await send(draft, user, isSelf);
      toastSuccess(t(user ? 'saved' : 'added', { name: draft.username.trim() }));
    },
    onDone: props.onSaved,
    fields: SERVER_FIELDS,
  });
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  /** The client-side problem once Save was pressed, else what the server said about the field. */
  const problem = (name: keyof typeof found): string | undefined => {
    const key = submit.touched ? found[name] : undefined;
    return key === undefined ? submit.serverErrors[name] : t(key);
  };

  const text = (name: 'username' | 'password' | 'nickname' | 'email' | 'phone') => ({
    id: `user-${name}`,
    label: t(name),
    value: draft[name],
    problem: problem(name),
    onChange: (v: string) => set({ [name]: v }),
  });
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={user ? t('editTitle', { name: user.username }) : t('addTitle')}
      icon={user ? 'edit' : 'new-person'}
    >
      <form className="sd-user-form" onSubmit={submit.onSubmit}>
        <DialogBody>
          <TextField {...text('username')} required disabled={user !== null} autoFocus={!user} />
          {!user && <TextField {...text('password')} required type="password" />}
          <TextField {...text('nickname')} autoFocus={user !== null} />
          <TextField {...text('email')} type="email" />
          <TextField {...text('phone')} />
          <SelectField
            id="user-role"
            label={t('role')}
            value={draft.role_id}
            options={choices.roles}
            disabled={isSelf}
            problem={problem('role_id')}
            onChange={(role_id) => set({ role_id })}
          />
          <SelectField
            id="user-project"
            label={t('project')}
            value={draft.workspace_id}
            options={choices.projects}
            disabled={isSelf}
            problem={problem('workspace_id')}
            onChange={(workspace_id) => set({ workspace_id })}
          />
          <Switch
            id="user-enabled"
            label={t('enabled')}
            checked={draft.enabled}
            disabled={isSelf}
            onChange={(e) => set({ enabled: e.currentTarget.checked })}
          />
        </DialogBody>
        <FormDialogFooter busy={submit.busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** Sends the draft; one's own role, project and status are not sent, as the server refuses them. */
async function send(d: Draft, user: UserInfo | null, isSelf: boolean): Promise<void> {
  const contact = { nickname: d.nickname.trim(), email: d.email.trim(), phone: d.phone.trim() };
  const placement = {
    role_id: Number(d.role_id),
    workspace_id: Number(d.workspace_id),
    enabled: d.enabled,
  };
  if (!user) {
    await addUser({ username: d.username.trim(), password: d.password, ...contact, ...placement });
  } else {
    await editUser({ id: user.id, ...contact, ...(isSelf ? {} : placement) });
  }
}
