import { HttpError } from "../http/errors.js";

/**
 * Messages of sign-in, reset and activation (en-US text; the screens translate `messages.<key>`,
 * the server part files hold the translations).
 */
export const AUTH_MESSAGES = {
  invalidCredentials: "The email address or password is incorrect.",
  invalidAccessCode: "That access code is not valid or has expired.",
  provideEmail: "Please provide your email address.",
  providePassword: "Please provide your password.",
  provideAccessCode: "Please provide your access code.",
  pleaseProvidePassword: "Please provide a password.",
  passwordsMustMatch: "The passwords must match.",
  passwordTooWeak: "Use 8 to 25 characters with three of: upper case, lower case, numbers and symbols.",
  invalidKey: "This link is not valid or has expired. Please ask for a new one.",
  resetSent: "If an account uses that email address, we have sent it a link to reset the password.",
  passwordChanged: "Your password has been changed. Please sign in.",
  accountActivated: "Your account is active. Please sign in.",
  signedOut: "You have signed out.",
} as const;

export type AuthMessage = keyof typeof AUTH_MESSAGES;

export const messageKey = (key: AuthMessage) => `messages.${key}`;

export function authError(status: number, key: AuthMessage): HttpError {
  return new HttpError(status, AUTH_MESSAGES[key], messageKey(key));
}
