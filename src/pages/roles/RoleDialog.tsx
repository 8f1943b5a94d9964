import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogBody,
  FormGroup,
  InputGroup,
  NonIdealState,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { MenuNode, Role } from '../../../protocol/http.ts';
import { addRole, updateRole } from '../../api/roles.ts';
import { toastSuccess } from '../../app/toaster.ts';
import { accountStore } from '../../state/account.ts';
import { pickTree } from '../../lib/menuTree/menuChecks.ts';
import { PermissionTree } from './PermissionTree.tsx';
import { SidebarPreview } from './SidebarPreview.tsx';
import { roleProblems, type RoleForm } from './roleForm.ts';
import { FormDialogFooter } from '../../components/FormDialogFooter/FormDialogFooter.tsx';
import { useFormSubmit } from '../../components/FormDialogFooter/useFormSubmit.ts';

interface Props {
  /** The role being edited; `null` adds a new one. */
  role: Role | null;
  /** The whole menu tree; `null` while loading, `'error'` when it failed. */
  tree: readonly MenuNode[] | null | 'error';
  onReloadTree: () => void;
  onClose: () => void;
  onSaved: () => void;
}

/** Adds or edits a role: name, description, the permission tree and the sidebar it yields. */
export function RoleDialog({ role, tree, onReloadTree, onClose, onSaved }: Props) {
  const { t } = useTranslation('roles');
  const [form, setForm] = useState<RoleForm>({
    name: role?.name ?? '',
    description: role?.description ?? '',
  });
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set(role?.menu_ids ?? []));
  const submit = useFormSubmit({
    invalid: () => Object.keys(roleProblems(form)).length > 0,
    save: async () => {
      const body = { ...form, menu_ids: [...checked] };
      if (role) await updateRole({ id: role.id, ...body });
      else await addRole({ workspace_id: accountStore.userInfo?.workspace_id ?? 0, ...body });
      toastSuccess(t(role ? 'saved' : 'added'));
    },
    onDone: onSaved,
    fields: ['name', 'description'],
  });
  const problems = submit.touched ? roleProblems(form) : {};
  const error = (field: keyof RoleForm): string | undefined => {
    const problem = problems[field];
    return problem ? t(problem) : submit.serverErrors[field];
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={role ? t('editTitle', { name: role.name }) : t('addTitle')}
      icon="shield"
      className="sd-role-dialog"
    >
      <form onSubmit={submit.onSubmit}>
        <DialogBody className="sd-role-dialog__body">
          <div className="sd-role-dialog__form">
            <FormGroup
              label={t('name')}
              labelFor="role-name"
              labelInfo="*"
              intent={error('name') ? 'danger' : 'none'}
              helperText={error('name')}
            >
              <InputGroup
                id="role-name"
                autoFocus
                value={form.name}
                intent={error('name') ? 'danger' : 'none'}
                onValueChange={(name) => setForm({ ...form, name })}
              />
            </FormGroup>
            <FormGroup
              label={t('description')}
              labelFor="role-description"
              intent={error('description') ? 'danger' : 'none'}
              helperText={error('description')}
            >
              <TextArea
                id="role-description"
                fill
                value={form.description}
                onChange={(e) => setForm({ ...form, description: e.target.value })}
              />
            </FormGroup>
            <FormGroup label={t('permissions')} helperText={t('permissionsHint')}>
              <TreeArea
                tree={tree}
                checked={checked}
                onChange={setChecked}
                onRetry={onReloadTree}
              />
            </FormGroup>
          </div>
          <SidebarPreview
            picked={tree === null || tree === 'error' ? [] : pickTree(tree, checked)}
          />
        </DialogBody>
        <FormDialogFooter busy={submit.busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

function TreeArea({
  tree,
  checked,
  onChange,
  onRetry,
}: {
  tree: Props['tree'];
  checked: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation('roles');
  if (tree === null) return <Spinner size={24} />;
  if (tree === 'error')
    return (
      <NonIdealState
        icon="error"
        title={t('menusFailed')}
        action={<Button icon="refresh" text={t('retry')} onClick={onRetry} />}
      />
    );
  return <PermissionTree tree={tree} checked={checked} onChange={onChange} />;
}
