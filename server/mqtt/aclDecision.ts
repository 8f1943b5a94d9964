/**
 * A broker ACL answer. It sits apart from the rules that produce it so that the DRC rules
 * (`server/drc/drcAcl.ts`) and the general topic rules can share it without importing each other.
 */
export type Decision = { allow: true } | { allow: false; reason: string; sn?: string };
