import { passwordProblem } from './passwordRule.ts';

// Each check answers the `users` i18n key of what is wrong, or undefined when all is well.

/** The same username rule as the server: 1–32 of letters, digits and `_ . @ -`. */
const USERNAME = /^[\w.@-]{1,32}$/;
/** A plain shape check; the server has the final word. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[\d+\-() ]{0,32}$/;
const NICKNAME_MAX = 64;

/** Checks a username. */
export function usernameProblem(value: string) {
  if (value.trim() === '') return 'usernameRequired' as const;
  return USERNAME.test(value.trim()) ? undefined : ('usernameRule' as const);
}

/** Checks the optional contact fields. */
export function contactProblems(v: { nickname: string; email: string; phone: string }) {
  return {
    nickname: v.nickname.trim().length > NICKNAME_MAX ? ('nicknameTooLong' as const) : undefined,
    email:
      v.email.trim() === '' || EMAIL.test(v.email.trim()) ? undefined : ('emailInvalid' as const),
    phone: PHONE.test(v.phone.trim()) ? undefined : ('phoneInvalid' as const),
  };
}

/** Checks a new password against the sign-in page's rule. */
export function newPasswordProblem(value: string) {
  const rule = passwordProblem(value);
  if (rule === 'required') return 'passwordRequired' as const;
  return rule === 'length' ? ('passwordRule' as const) : undefined;
}
