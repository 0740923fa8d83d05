import { reservationMessages, type ReservationMessage } from "@parlance/contract";
import { HttpError } from "../../http/errors.js";

/** An error whose text is one of the reservation messages, sent with its i18n key. */
export const reservationError = (status: number, name: ReservationMessage) =>
  new HttpError(status, reservationMessages[name], `proctorReservation.messages.${name}`);
