import type { MenuFields } from '../../api/menus.ts';

/** What the dialog edits: a node (`id` set) or a new entry with its starting values. */
export type MenuDraft = MenuFields & { id?: number };
