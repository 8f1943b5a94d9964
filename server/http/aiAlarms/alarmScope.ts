/** Reading AI alarms needs their page. */
export const READ_ACCESS = 'aralm';
export const EDIT_ACCESS = 'alarm:edit';
export const DEL_ACCESS = 'alarm:del';
