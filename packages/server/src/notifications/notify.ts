import { eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/tx.js";
import { assignedTests, candidates, tests } from "../db/schema.js";
import { proctoringReservations, proctoringReservationTests } from "../db/schema/proctoring.js";
import { queueMail } from "../mail/outbox.js";
import { senderAddress } from "../mail/deliver.js";
import { calendarFile, type CalendarMethod } from "./ics.js";
import { changeMail, whenText, type Notice } from "./mail.js";
import { candidatePerson, staffPerson, type Person } from "./people.js";

/**
 * Every change one person makes to another's test, appointment or result tells the others
 * (issue 23 §3): each change service calls one of the functions below after its transaction has
 * committed (so a rolled-back change mails nobody, and the delivery job finds the row). Each person
 * gets the mail in their language with times in their zone; an appointment's mail carries its
 * calendar file (METHOD:REQUEST with a higher SEQUENCE for a move, METHOD:CANCEL for a cancel). The
 * person who made the change is not mailed. `changes.ts` lists the services; a test holds them to it.
 */

type NotifyContext = Pick<AppContext, "db" | "jobs" | "config">;

interface Appointment {
  /** Names the event across its updates: `assigned-test-12@host`, `proctoring-reservation-3@host`. */
  uid: string;
  sequence: number;
  start: Date;
  minutes: number;
  method: CalendarMethod;
}

interface Mailing {
  person: Person | null;
  notice: Notice;
}

const hostOf = (ctx: NotifyContext) => new URL(ctx.config.publicUrl).hostname;
export const appointmentUid = (ctx: NotifyContext, kind: "assigned-test" | "proctoring-reservation", id: number) => `${kind}-${id}@${hostOf(ctx)}`;

/** Queues one mail per person (not the actor, not one without an address); answers how many. */
async function send(
  ctx: NotifyContext,
  actorUserId: number | null,
  facts: { test: string; candidate: string; before?: Date | null },
  appointment: Appointment | null,
  mailings: Mailing[],
): Promise<number> {
  const sender = senderAddress(ctx.config.publicUrl).replace(/^.*<|>$/g, "");
  const seen = new Set<string>();
  let sent = 0;
  for (const { person, notice } of mailings) {
    if (!person || !person.email || (actorUserId !== null && person.userId === actorUserId)) continue;
    const key = person.email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const vars: Record<string, string> = { test: facts.test, candidate: facts.candidate };
    if (appointment) vars.when = whenText(person.language, person.zone, appointment.start);
    if (facts.before) vars.before = whenText(person.language, person.zone, facts.before);
    const calendar = appointment && {
      filename: appointment.method === "CANCEL" ? "cancel.ics" : "invite.ics",
      contentType: `text/calendar; charset=utf-8; method=${appointment.method}`,
      content: calendarFile({
        method: appointment.method,
        uid: appointment.uid,
        sequence: appointment.sequence,
        start: appointment.start,
        end: new Date(appointment.start.getTime() + appointment.minutes * 60_000),
        summary: facts.test,
        description: vars.candidate ? `${facts.test}: ${facts.candidate}` : facts.test,
        organizer: sender,
        attendee: { email: person.email, name: person.name },
        stamp: new Date(),
      }),
    };
    await queueMail(ctx, changeMail({ notice, to: person.email, language: person.language, firstName: person.firstName, vars, calendar }));
    sent++;
  }
  return sent;
}

/** An assigned test as it is now, with what its mails need. */
async function testFacts(db: Tx, id: number) {
  const [row] = await db
    .select({
      id: assignedTests.id,
      candidateId: assignedTests.candidateId,
      scheduledAt: assignedTests.scheduledAt,
      zoneId: assignedTests.scheduledTimeZoneId,
      sequence: assignedTests.appointmentSequence,
      evaluatorUserId: assignedTests.scheduledEvaluatorUserId,
      test: tests.description,
      minutes: tests.durationMinutes,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
    })
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .where(eq(assignedTests.id, id));
  return row ? { ...row, candidate: `${row.firstName} ${row.lastName}`.trim() } : null;
}

/**
 * A booked live or video test moved (an evaluator's decline): the candidate is told the new time
 * when the time moved, and an evaluator who now holds the booking is told it is theirs.
 */
export async function notifyAppointmentMoved(
  ctx: NotifyContext,
  actorUserId: number,
  assignedTestId: number,
  before: { at: Date; evaluatorUserId: number | null },
): Promise<number> {
  const t = await testFacts(ctx.db, assignedTestId);
  if (!t?.scheduledAt) return 0;
  const appointment: Appointment = { uid: appointmentUid(ctx, "assigned-test", t.id), sequence: t.sequence, start: t.scheduledAt, minutes: t.minutes, method: "REQUEST" };
  const moved = t.scheduledAt.getTime() !== before.at.getTime();
  const handedOver = t.evaluatorUserId !== null && t.evaluatorUserId !== before.evaluatorUserId;
  return send(ctx, actorUserId, { test: t.test, candidate: t.candidate, before: before.at }, appointment, [
    ...(moved ? [{ person: await candidatePerson(ctx.db, t.candidateId, t.zoneId), notice: "moved" as const }] : []),
    ...(handedOver ? [{ person: await staffPerson(ctx.db, t.evaluatorUserId!), notice: "booked" as const }] : []),
  ]);
}

/** A live or video test booked by someone other than the candidate: the candidate, and the evaluator booked. */
export async function notifyTestScheduled(ctx: NotifyContext, actorUserId: number, assignedTestId: number): Promise<number> {
  const t = await testFacts(ctx.db, assignedTestId);
  if (!t?.scheduledAt) return 0;
  const appointment: Appointment = { uid: appointmentUid(ctx, "assigned-test", t.id), sequence: t.sequence, start: t.scheduledAt, minutes: t.minutes, method: "REQUEST" };
  return send(ctx, actorUserId, { test: t.test, candidate: t.candidate }, appointment, [
    { person: await candidatePerson(ctx.db, t.candidateId, t.zoneId), notice: "scheduled" },
    ...(t.evaluatorUserId !== null ? [{ person: await staffPerson(ctx.db, t.evaluatorUserId), notice: "booked" as const }] : []),
  ]);
}

/**
 * A test cancelled (a scheduled live test) or removed (delete_test) by the client: the candidate,
 * with a CANCEL of the appointment when it had one, and the evaluator it was booked with.
 */
export async function notifyTestCancelled(ctx: NotifyContext, actorUserId: number, assignedTestId: number, how: "cancelled" | "removed"): Promise<number> {
  const t = await testFacts(ctx.db, assignedTestId);
  if (!t) return 0;
  const appointment: Appointment | null = t.scheduledAt
    ? { uid: appointmentUid(ctx, "assigned-test", t.id), sequence: t.sequence, start: t.scheduledAt, minutes: t.minutes, method: "CANCEL" }
    : null;
  return send(ctx, actorUserId, { test: t.test, candidate: t.candidate }, appointment, [
    { person: await candidatePerson(ctx.db, t.candidateId, t.zoneId), notice: how === "cancelled" && appointment ? "cancelled" : "removed" },
    ...(appointment && t.evaluatorUserId !== null ? [{ person: await staffPerson(ctx.db, t.evaluatorUserId), notice: "bookingCancelled" as const }] : []),
  ]);
}

/** Tests a client leaves to the candidate to schedule (allow_candidate_scheduling, assign only): the candidate is asked to choose a time. */
export async function notifyToSchedule(ctx: NotifyContext, actorUserId: number, assignedTestIds: number[]): Promise<number> {
  let sent = 0;
  for (const id of assignedTestIds) {
    const t = await testFacts(ctx.db, id);
    if (t) sent += await send(ctx, actorUserId, { test: t.test, candidate: t.candidate }, null, [{ person: await candidatePerson(ctx.db, t.candidateId), notice: "toSchedule" }]);
  }
  return sent;
}

/**
 * A live or video session nobody ended, submitted by the job (video/stale-sessions.ts): the
 * candidate learns the test is closed, the evaluator that it waits for their result or no-show.
 */
export async function notifySessionSubmitted(ctx: NotifyContext, assignedTestId: number): Promise<number> {
  const t = await testFacts(ctx.db, assignedTestId);
  if (!t) return 0;
  const at = t.scheduledAt;
  const people: Mailing[] = [{ person: await candidatePerson(ctx.db, t.candidateId, t.zoneId), notice: "submitted" }];
  if (t.evaluatorUserId !== null) people.push({ person: await staffPerson(ctx.db, t.evaluatorUserId), notice: "bookingSubmitted" });
  // No calendar file: the appointment is over; its time is named in the text.
  return send(ctx, null, { test: t.test, candidate: t.candidate, before: at }, null, people);
}

/**
 * A proctoring reservation made or cancelled: the candidate (unless they did it themselves) and the
 * proctor booked. The reservation is one event: SEQUENCE 0 when made, 1 when cancelled.
 */
export async function notifyReservation(ctx: NotifyContext, actorUserId: number, reservationId: number): Promise<number> {
  const [r] = await ctx.db.select().from(proctoringReservations).where(eq(proctoringReservations.id, reservationId));
  if (!r) return 0;
  // The sitting's tests, released ones included: a cancel names what was to be taken.
  const sitting = await ctx.db
    .select({ test: tests.description })
    .from(proctoringReservationTests)
    .innerJoin(assignedTests, eq(assignedTests.id, proctoringReservationTests.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(eq(proctoringReservationTests.reservationId, r.id))
    .orderBy(assignedTests.id);
  const cancelled = r.state === "cancelled";
  const candidate = await candidatePerson(ctx.db, r.candidateId, r.timeZoneId);
  const appointment: Appointment = {
    uid: appointmentUid(ctx, "proctoring-reservation", r.id),
    sequence: cancelled ? 1 : 0,
    start: r.scheduledAt,
    minutes: r.durationMinutes,
    method: cancelled ? "CANCEL" : "REQUEST",
  };
  return send(ctx, actorUserId, { test: sitting.map((x) => x.test).join(", "), candidate: candidate?.name ?? "" }, appointment, [
    { person: candidate, notice: cancelled ? "reservationCancelled" : "reserved" },
    { person: await staffPerson(ctx.db, r.proctorUserId), notice: cancelled ? "bookingCancelled" : "booked" },
  ]);
}

/**
 * A proctor or administrator uploaded a candidate's sealed answers file (attempts/delivery-merge.ts):
 * the candidate learns their offline answers reached the server.
 */
/** A result's signed credential revoked by the provider: the candidate is told (issue 28). */
export async function notifyCredentialRevoked(ctx: NotifyContext, actorUserId: number, assignedTestId: number): Promise<number> {
  const t = await testFacts(ctx.db, assignedTestId);
  if (!t) return 0;
  return send(ctx, actorUserId, { test: t.test, candidate: t.candidate }, null, [{ person: await candidatePerson(ctx.db, t.candidateId, t.zoneId), notice: "credentialRevoked" }]);
}

export async function notifyAnswersDelivered(ctx: NotifyContext, actorUserId: number, assignedTestId: number): Promise<number> {
  const t = await testFacts(ctx.db, assignedTestId);
  if (!t) return 0;
  return send(ctx, actorUserId, { test: t.test, candidate: t.candidate }, null, [{ person: await candidatePerson(ctx.db, t.candidateId, t.zoneId), notice: "answersDelivered" }]);
}
