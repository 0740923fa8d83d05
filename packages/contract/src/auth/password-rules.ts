/** Message keys (in the `activate` namespace) of a new password's problems. */
export type PasswordProblem = "pleaseProvidePassword" | "passwordsMustMatch" | "passwordTooWeak";

export const PASSWORD_MIN_LENGTH = 8;

/** How many of upper case, lower case, number and symbol a password uses. */
export function characterKinds(password: string): number {
  return [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
}

/**
 * Activation and reset passwords (evaluators-results-account.md §5), shared by the server and the
 * form, so the form blocks exactly what the server refuses.
 */
export function passwordProblem(password: string, password2: string): PasswordProblem | null {
  if (!password) return "pleaseProvidePassword";
  if (password !== password2) return "passwordsMustMatch";
  if (password.length < PASSWORD_MIN_LENGTH || characterKinds(password) < 3) return "passwordTooWeak";
  return null;
}
