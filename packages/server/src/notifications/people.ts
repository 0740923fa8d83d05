import { eq } from "drizzle-orm";
import { LANGUAGES, timeZoneById, type Language } from "@parlance/contract";
import type { Tx } from "../db/tx.js";
import { candidates, evaluators, users } from "../db/schema.js";
import { languageOfId } from "../assignment/index.js";
import { validZone } from "../results/index.js";

/** Whom a change mail goes to: their address, name, language and the zone its times are shown in. */
export interface Person {
  /** Their sign-in, if any: the person who made a change is not told of it. */
  userId: number | null;
  email: string;
  firstName: string;
  name: string;
  language: Language;
  zone: string;
}

/** A candidate profile: its preferred language (140, 104, 106) and the appointment's zone, else its own. */
export async function candidatePerson(db: Tx, candidateId: number, zoneId: number | null = null): Promise<Person | null> {
  const [c] = await db
    .select({ userId: candidates.userId, email: candidates.email, firstName: candidates.firstName, lastName: candidates.lastName, languageId: candidates.languageId, timeZoneId: candidates.timeZoneId })
    .from(candidates)
    .where(eq(candidates.id, candidateId));
  if (!c) return null;
  return {
    userId: c.userId,
    email: c.email.trim(),
    firstName: c.firstName,
    name: `${c.firstName} ${c.lastName}`.trim(),
    language: languageOfId(c.languageId),
    zone: timeZoneById(zoneId ?? c.timeZoneId).name,
  };
}

/** An evaluator or proctor: the language they chose, their own zone (Eastern without one). */
export async function staffPerson(db: Tx, userId: number): Promise<Person | null> {
  const [u] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, language: users.language, zone: evaluators.timeZone })
    .from(users)
    .leftJoin(evaluators, eq(evaluators.userId, users.id))
    .where(eq(users.id, userId));
  if (!u) return null;
  const language = (LANGUAGES as readonly string[]).includes(u.language) ? (u.language as Language) : "en-US";
  return { userId, email: u.email.trim(), firstName: u.firstName, name: `${u.firstName} ${u.lastName}`.trim(), language, zone: validZone(u.zone) };
}
