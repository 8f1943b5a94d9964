/** What the role dialog edits besides the permission tree. */
export interface RoleForm {
  name: string;
  description: string;
}

type Problem = 'nameRequired' | 'nameTooLong' | 'descriptionTooLong';

/** The i18n keys (namespace `roles`) of what is wrong with the form; empty when it may be sent. */
export function roleProblems(form: RoleForm): Partial<Record<keyof RoleForm, Problem>> {
  const name = form.name.trim();
  const out: Partial<Record<keyof RoleForm, Problem>> = {};
  if (name === '') out.name = 'nameRequired';
  else if (name.length > 32) out.name = 'nameTooLong';
  if (form.description.trim().length > 200) out.description = 'descriptionTooLong';
  return out;
}
