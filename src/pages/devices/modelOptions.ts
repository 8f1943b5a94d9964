/** Device types and models offered by the devices page's search and bind form. */
import { MODELS } from '../../../protocol/mqtt/models.ts';
import type { FieldOption } from '../../components/SearchTable/types.ts';

/** The domains a user binds or searches by: aircraft 0, dock 3, remote controller 2. */
export const DOMAINS = [
  { domain: 0, kind: 'aircraft' },
  { domain: 3, kind: 'dock' },
  { domain: 2, kind: 'rc' },
] as const;

/** Known models as options (value: the model key), of one domain or of all. */
export function modelOptions(domain?: number): FieldOption[] {
  return Object.entries(MODELS)
    .filter(([key]) => domain === undefined || key.startsWith(`${domain}-`))
    .map(([key, name]) => ({ value: key, label: name }));
}
