/** One password rule for both languages: 6 to 12 characters (the spec's two readings disagree). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 12;

/** What is wrong with a password, or `null` when it follows the rule. */
export function passwordProblem(password: string): 'required' | 'length' | null {
  if (password === '') return 'required';
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'length';
  return null;
}
