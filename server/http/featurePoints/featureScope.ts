/** Reading feature points needs their page; each change its button. */
export const READ_ACCESS = 'model_ai';
export const ADD_ACCESS = 'feature:add';
export const EDIT_ACCESS = 'feature:edit';
export const DEL_ACCESS = 'feature:del';
