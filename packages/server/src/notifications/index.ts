/** Telling the people a change affects (issue 23 §3): the one module every change service calls. */
export { notifyAnswersDelivered, notifyCredentialRevoked, notifyAppointmentMoved, notifyReservation, notifySessionSubmitted, notifyTestCancelled, notifyTestScheduled, notifyToSchedule, appointmentUid } from "./notify.js";
