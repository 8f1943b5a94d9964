const ACTIONS = ['add', 'edit', 'del', 'reset', 'export', 'control', 'override'] as const;

/** The action word key of a button's permission code (`device:add` → `add`), `other` if unknown. */
export function buttonAction(perms: string): (typeof ACTIONS)[number] | 'other' {
  const last = perms.split(':').pop() ?? '';
  return ACTIONS.find((a) => a === last) ?? 'other';
}
