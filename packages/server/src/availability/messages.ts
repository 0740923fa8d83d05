import { availabilityMessages, type AvailabilityMessage } from "@parlance/contract";
import { HttpError } from "../http/errors.js";

/** An error whose text is one of the availability messages, sent with its i18n key. */
export const availabilityError = (status: number, name: AvailabilityMessage) =>
  new HttpError(status, availabilityMessages[name], `availability.messages.${name}`);
