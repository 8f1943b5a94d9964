/**
 * The state machine every form dialog shares: Save shows the client-side problems (touched), refuses
 * while there are any, spins while the call runs, files a 400 that names a field under that field,
 * and hands over to `onDone` (usually closing the dialog) once the save went through. The HTTP client
 * has already toasted the server's message of a refused call; anything else gets a toast here.
 */
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError.ts';
import { toastError } from '../../app/toaster.ts';
import { fieldErrorsOf } from './fieldErrors.ts';
import type { FieldErrors, ServerFields } from './fieldErrors.ts';

export interface FormSubmitOptions<F extends string> {
  /** Whether the form holds a problem the user must fix before saving. */
  invalid: () => boolean;
  /** Sends the form (and toasts the success); a rejection keeps the dialog open. */
  save: () => Promise<void>;
  /** After a successful save: close the dialog, reload the list. */
  onDone?: () => void;
  /** The fields a server-side 400 may name, to show its message under them. */
  fields?: ServerFields<F>;
}

export interface FormSubmit<F extends string> {
  /** The save is under way. */
  busy: boolean;
  /** Save was pressed once: client-side problems are shown from now on. */
  touched: boolean;
  /** What the server said about a field on the last refused save. */
  serverErrors: FieldErrors<F>;
  submit: () => Promise<void>;
  /** The form's `onSubmit`: Enter in any field saves. */
  onSubmit: (event: SyntheticEvent) => void;
  /** Forgets touched and server errors, for a dialog that stays mounted while closed. */
  reset: () => void;
}

/** One form dialog's submit state; see the module comment. */
export function useFormSubmit<F extends string = never>(
  options: FormSubmitOptions<F>,
): FormSubmit<F> {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<F>>({});

  async function submit(): Promise<void> {
    setTouched(true);
    setServerErrors({});
    if (options.invalid() || busy) return;
    setBusy(true);
    try {
      await options.save();
    } catch (error: unknown) {
      setBusy(false);
      setServerErrors(fieldErrorsOf(error, options.fields ?? []));
      if (!(error instanceof ApiError)) toastError(t('unknownError'));
      return;
    }
    setBusy(false);
    options.onDone?.();
  }

  return {
    busy,
    touched,
    serverErrors,
    submit,
    onSubmit: (event) => {
      event.preventDefault();
      void submit();
    },
    reset: () => {
      setTouched(false);
      setServerErrors({});
    },
  };
}
