import type { MenuFields } from '../../api/menus.ts';

type Problem = 'nameRequired' | 'nameTooLong' | 'permsRequired' | 'permsInvalid' | 'pathInvalid';

/** The i18n keys (namespace `menus`) of what is wrong with a menu form; empty when it may be sent. */
export function menuProblems(form: MenuFields): Partial<Record<keyof MenuFields, Problem>> {
  const out: Partial<Record<keyof MenuFields, Problem>> = {};
  const name = form.name.trim();
  if (name === '') out.name = 'nameRequired';
  else if (name.length > 64) out.name = 'nameTooLong';
  const perms = form.perms.trim();
  if (form.kind === 'button' && perms === '') out.perms = 'permsRequired';
  else if (!/^[\w:-]*$/.test(perms) || perms.length > 64) out.perms = 'permsInvalid';
  const path = form.path.trim();
  if (form.kind === 'menu' && path !== '' && !path.startsWith('/')) out.path = 'pathInvalid';
  return out;
}

/** What a form sends: trimmed text, and no path or icon on a button, no code on a menu. */
export function cleanMenu(form: MenuFields): MenuFields {
  const button = form.kind === 'button';
  return {
    ...form,
    name: form.name.trim(),
    path: button ? '' : form.path.trim(),
    icon: button ? '' : form.icon,
    perms: button ? form.perms.trim() : '',
  };
}
