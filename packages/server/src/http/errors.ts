/** An error with an HTTP status that is safe to show: its message goes to the caller as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** i18n key of the message, when the screen should translate it. */
    readonly messageKey?: string,
    /** The values of the message's placeholders, so the translated text shows them too. */
    readonly messageValues?: Record<string, string | number>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, key?: string) => new HttpError(400, message, key);
export const unauthorized = () => new HttpError(401, "Please sign in to continue.", "errors.signInRequired");
export const forbidden = () => new HttpError(403, "You are not allowed to do that.", "errors.forbidden");
export const notFound = (what = "That record") => new HttpError(404, `${what} was not found.`, "errors.notFound");
export const conflict = (message: string, key?: string) => new HttpError(409, message, key);
export const unprocessable = (message: string, key?: string) => new HttpError(422, message, key);
export const tooManyRequests = () =>
  new HttpError(429, "Too many attempts. Please wait a few minutes and try again.", "errors.tooManyRequests");
