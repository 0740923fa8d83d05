import { CHALLENGE_QUESTIONS, DEMO_PEOPLE, MEDICAL_POOLS, OFFICE_PLACES, TEST_POOLS, type DemoPerson } from "../people.js";
import { DEMO_ACCESS_CODE, DEMO_ACCOUNTS, type DemoAccountKey } from "../world.js";
import { APPOINTMENT, fits, metaOf, OPEN, ordinaryOutcome, REQUIRED_OUTCOMES, type Outcome } from "./outcomes.js";
import { businessMoment, DAY, easternTime, HISTORY_DAYS, HOUR, plus, Rng } from "./random.js";
import { accountTestIdOf, planTest, type Planner } from "./assigned-test.js";
import type { HistoryPlan, HistoryWorld, PersonState, PlannedTest, PlannedTrack } from "./types.js";

/**
 * The plan of the demo history: its test groups, result recipients, batteries and people, and
 * planDemoHistory, which turns them into rows to insert (the tests themselves: assigned-test.ts).
 */

const GROUPS: readonly { account: DemoAccountKey; office: number | null; description: string; isGlobal?: boolean; tests: string[] }[] = [
  { account: "northwind", office: null, description: "New Hire Language Screening", tests: ["en-reading", "en-writing", "en-listening"] },
  { account: "northwind", office: null, description: "Medical Interpreter Battery (Spanish)", isGlobal: true, tests: ["med-es-ls-ivr", "med-es-reading"] },
  { account: "northwind", office: 0, description: "Boston Spanish Interpreters", tests: ["es-ls-ivr", "es-reading-paper", "es-en-translation"] },
  { account: "northwind", office: 1, description: "Chicago Arabic Outreach", tests: ["ar-reading", "ar-ls-ivr"] },
  { account: "northwind", office: 2, description: "Seattle Mandarin Support", tests: ["cmn-ls-video", "zh-writing"] },
  { account: "contoso", office: null, description: "Legal Translation Screening", tests: ["en-writing", "fr-en-translation-paper"] },
];

const RECIPIENTS: readonly { account: DemoAccountKey; office: number | null; firstName: string; lastName: string; email: string; isGlobal?: boolean; resultType: "score_only" | "full_report" }[] = [
  { account: "northwind", office: null, firstName: "Priya", lastName: "Raman", email: "priya.raman@northwind.example", isGlobal: true, resultType: "full_report" },
  { account: "northwind", office: null, firstName: "Marcus", lastName: "Bell", email: "marcus.bell@northwind.example", resultType: "score_only" },
  { account: "northwind", office: 0, firstName: "Laura", lastName: "Chen", email: "laura.chen@northwind.example", resultType: "full_report" },
  { account: "northwind", office: 1, firstName: "Tomás", lastName: "Álvarez", email: "tomas.alvarez@northwind.example", resultType: "score_only" },
  { account: "northwind", office: 2, firstName: "", lastName: "", email: "seattle.language.services@northwind.example", resultType: "full_report" },
  { account: "contoso", office: null, firstName: "Nadia", lastName: "Petrova", email: "nadia.petrova@contoso.example", resultType: "full_report" },
];

/** Batteries: a candidate, a test group (by description), how each of its tests went, and when. */
const BATTERIES: readonly { person: string; group: string; daysAgo: number; completed: boolean; outcomes: Outcome[] }[] = [
  { person: "Carlos Mendes", group: "Boston Spanish Interpreters", daysAgo: 210, completed: true, outcomes: [{ kind: "scored", level: "9" }, { kind: "scored", level: "8" }, { kind: "scored", level: "7" }] },
  { person: "Gabriela Castillo", group: "Medical Interpreter Battery (Spanish)", daysAgo: 320, completed: true, outcomes: [{ kind: "scored", level: "10" }, { kind: "scored", level: "9" }] },
  { person: "Isabel Torres", group: "Medical Interpreter Battery (Spanish)", daysAgo: 12, completed: false, outcomes: [{ kind: "takeable" }, { kind: "scored", level: "8" }] },
  { person: "Katarzyna Nowak", group: "New Hire Language Screening", daysAgo: 9, completed: false, outcomes: [{ kind: "scored", level: "7" }, { kind: "received" }, { kind: "takeable" }] },
  // The candidate chose not to finish: the client marked the battery completed.
  { person: "Layla Hassan", group: "Chicago Arabic Outreach", daysAgo: 150, completed: true, outcomes: [{ kind: "scored", level: "6" }, { kind: "expired" }] },
  { person: "Kevin Zhang", group: "Seattle Mandarin Support", daysAgo: 14, completed: false, outcomes: [{ kind: "needs_scheduling" }, { kind: "scored", level: "8" }] },
  { person: "Daniel Tesfaye", group: "New Hire Language Screening", daysAgo: 410, completed: true, outcomes: [{ kind: "scored", level: "9" }, { kind: "scored", level: "8" }, { kind: "scored", level: "10" }] },
  { person: "Camille Dubois", group: "Legal Translation Screening", daysAgo: 8, completed: false, outcomes: [{ kind: "scored", level: "9" }, { kind: "outstanding" }] },
];

/** Candidates created in the last days, with no test yet. */
const WITHOUT_TESTS = new Set(["Bogdan Petrenko", "Sarah Nakamura"]);

const DEMO_CANDIDATE_EMAIL = "candidate@northwind.example";

const keyOf = (p: { first: string; last: string }) => `${p.first} ${p.last}`;
const ascii = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z-]/g, "");

/** The whole demo history as rows to insert, relative to `now`. Pure: same input, same plan. */
export function planDemoHistory(world: HistoryWorld, now: Date): HistoryPlan {
  const rng = new Rng(20260301);
  const planner: Planner = { world, now, rng };
  const plan: HistoryPlan = { groups: [], recipients: [], candidates: [], tracks: [], tests: [] };
  const accountTestId = (account: DemoAccountKey, key: string) => accountTestIdOf(world, account, key);
  const officeId = (account: DemoAccountKey, office: number | null) => (office === null ? null : world.offices[account][office]);

  for (const g of GROUPS) {
    plan.groups.push({
      values: {
        accountId: world.accounts[g.account],
        officeId: officeId(g.account, g.office),
        description: g.description,
        isGlobal: g.isGlobal ?? false,
        createdAt: plus(now, -(HISTORY_DAYS + 30) * DAY),
      },
      accountTestIds: g.tests.map((k) => accountTestId(g.account, k)!),
    });
  }
  for (const r of RECIPIENTS) {
    plan.recipients.push({
      accountId: world.accounts[r.account],
      officeId: officeId(r.account, r.office),
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      isGlobal: r.isGlobal ?? false,
      resultType: r.resultType,
      createdAt: plus(now, -(HISTORY_DAYS + 30) * DAY),
    });
  }

  const personal = ["example.com", "example.org", "example.net"];
  const used = new Set<string>();
  const people: PersonState[] = DEMO_PEOPLE.map((person, index) => {
    let email = "";
    if (person.email !== false) {
      const local = `${ascii(person.first)}.${ascii(person.last)}`;
      const domain = person.role ? `${person.account}.example` : personal[index % personal.length];
      email = `${local}@${domain}`;
      for (let n = 2; used.has(email); n++) email = `${local}${n}@${domain}`;
      used.add(email);
    }
    const timeZoneId = OFFICE_PLACES[person.account][person.office].timeZoneId;
    return { person, index, email, timeZoneId, tests: [], required: 0 };
  });

  /** One assigned test (and its attempt) of a person, from how it turned out. */
  const addTest = (state: PersonState, testKey: string, outcome: Outcome, opts?: Parameters<typeof planTest>[4]): PlannedTest =>
    planTest(planner, state, testKey, outcome, opts);

  const poolOf = (p: DemoPerson): string[] => {
    const tests: string[] = [...TEST_POOLS[p.pool]];
    if (p.role && DEMO_ACCOUNTS[p.account].medicalOption) tests.push(...(MEDICAL_POOLS[p.pool] ?? []));
    return tests.filter((k) => accountTestId(p.account, k) !== undefined);
  };
  const byName = new Map(people.map((s) => [keyOf(s.person), s]));
  const batteryPeople = new Set(BATTERIES.map((b) => b.person));

  // 1. Batteries.
  for (const b of BATTERIES) {
    const state = byName.get(b.person);
    const groupIndex = GROUPS.findIndex((g) => g.description === b.group);
    if (!state || groupIndex < 0) throw new Error(`battery ${b.person} / ${b.group}`);
    const group = GROUPS[groupIndex];
    const trackIndex = plan.tracks.length;
    const created = businessMoment(now, -b.daysAgo, rng);
    const track: PlannedTrack = {
      candidate: state.index,
      group: groupIndex,
      values: { accountId: world.accounts[state.person.account], description: group.description, isCompleted: b.completed, completedAt: null, createdAt: created },
      tests: group.tests.map((key, position) => ({
        accountTestId: accountTestId(group.account, key)!,
        position,
        requiresScheduling: APPOINTMENT.includes(metaOf(key).method),
      })),
    };
    plan.tracks.push(track);
    let last = created;
    group.tests.forEach((key, position) => {
      const t = addTest(state, key, b.outcomes[position], { daysAgo: b.daysAgo, created, track: { track: trackIndex, position } });
      const end = t.attempt?.scoredAt ?? t.attempt?.receivedAt ?? t.values.expiresAt;
      if (end && end > last) last = end;
    });
    if (b.completed) track.values.completedAt = last < now ? last : plus(now, -HOUR);
  }

  // 2. The required cases, spread over the candidates of every office.
  const rotation: PersonState[] = [];
  const byOffice = new Map<string, PersonState[]>();
  for (const s of people) {
    if (WITHOUT_TESTS.has(keyOf(s.person)) || batteryPeople.has(keyOf(s.person))) continue;
    const k = `${s.person.account}/${s.person.office}`;
    byOffice.set(k, [...(byOffice.get(k) ?? []), s]);
  }
  const lists = [...byOffice.values()];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length) rotation.push(l[i]);
  let cursor = 0;
  for (const outcome of REQUIRED_OUTCOMES) {
    const needsMail = OPEN.has(outcome.kind);
    let placed = false;
    for (let tries = 0; tries < rotation.length * 2 && !placed; tries++) {
      cursor = (cursor + 7) % rotation.length;
      const s = rotation[cursor];
      if (s.required >= (tries < rotation.length ? 1 : 2) || (needsMail && s.email === "")) continue;
      const choices = poolOf(s.person).filter((k) => fits(outcome, metaOf(k)));
      if (choices.length === 0) continue;
      const fresh = choices.filter((k) => !s.tests.some((t) => t.testKey === k));
      addTest(s, rng.pick(fresh.length > 0 ? fresh : choices), outcome);
      s.required++;
      placed = true;
    }
    if (!placed) throw new Error(`no demo candidate can show ${JSON.stringify(outcome)}`);
  }

  // 3. Ordinary history: one to four tests a person, most of them scored.
  for (const s of people) {
    if (WITHOUT_TESTS.has(keyOf(s.person))) continue;
    const target = batteryPeople.has(keyOf(s.person)) ? s.tests.length + rng.int(0, 1) : rng.weighted([[1, 3], [2, 4], [3, 3], [4, 1]] as const);
    const pool = poolOf(s.person);
    while (s.tests.length < target) {
      const unused = pool.filter((k) => !s.tests.some((t) => t.testKey === k));
      const key = rng.pick(unused.length > 0 ? unused : pool);
      let outcome = ordinaryOutcome(rng);
      if (!fits(outcome, metaOf(key)) || (OPEN.has(outcome.kind) && s.email === "")) outcome = { kind: "scored" };
      addTest(s, key, outcome);
    }
  }

  // 4. Candidate profiles, in the people's order; then the demo candidate's two.
  for (const s of people) {
    const p = s.person;
    const place = OFFICE_PLACES[p.account][p.office];
    const firstTest = s.tests.reduce<Date | null>((min, t) => (min === null || t.values.createdAt! < min ? t.values.createdAt! : min), null);
    const lastTest = s.tests.reduce<Date | null>((max, t) => (max === null || t.values.createdAt! > max ? t.values.createdAt! : max), null);
    const createdAt = firstTest ? plus(firstTest, -rng.int(1, 72) * HOUR) : businessMoment(now, -rng.int(1, 3), rng);
    const proctored = s.tests.some((t) => t.values.useProctorService);
    const contact = proctored || p.contact === true || rng.chance(0.12);
    const challenge = rng.chance(0.25) ? rng.pick(CHALLENGE_QUESTIONS) : null;
    // Assignment creates the sign-in; candidates assigned only long ago (before the portal) have none.
    const recent = s.tests.some((t) => isOpen(t) || t.values.createdAt! > plus(now, -180 * DAY));
    plan.candidates.push({
      key: keyOf(p),
      account: p.account,
      user: recent ? "new" : null,
      values: {
        accountId: world.accounts[p.account],
        officeId: world.offices[p.account][p.office],
        firstName: p.first,
        middleName: p.middle ?? "",
        lastName: p.last,
        employeeId: s.index % 11 === 10 ? "" : p.account === "northwind" ? `NW-${10000 + ((s.index * 7919) % 89000)}` : `CL-${2000 + ((s.index * 373) % 7000)}`,
        email: s.email,
        challengeQuestion: challenge?.question ?? "",
        challengeAnswer: challenge ? rng.pick(challenge.answers) : "",
        clientNotes: p.notes ?? "",
        adjustments: p.adjustments ?? false,
        phoneNumber: contact ? `(${place.area}) 555-01${String(rng.int(0, 99)).padStart(2, "0")}` : "",
        streetAddress: contact ? `${rng.int(12, 2400)} ${rng.pick(place.streets)}` : "",
        city: contact ? place.city : "",
        state: contact ? place.state : "",
        postalCode: contact ? `${place.zip}${String(rng.int(1, 60)).padStart(2, "0")}` : "",
        timeZoneId: place.timeZoneId,
        languageId: p.languageId ?? 140,
        healthCareRoleId: p.role ? world.catalogue.healthcareRoles[p.role[0]].id : null,
        healthCareSpecialtyId: p.role?.[1] ? world.catalogue.healthcareRoles[p.role[0]].specialties[p.role[1]] : null,
        createdAt,
        updatedAt: lastTest && lastTest > createdAt ? lastTest : createdAt,
      },
    });
    plan.tests.push(...s.tests);
  }

  const demoUser = world.users[DEMO_CANDIDATE_EMAIL];
  const demo = (account: DemoAccountKey, employeeId: string, index: number): PersonState => {
    const person: DemoPerson = { first: "Elena", last: "Moreau", account, office: 0, pool: "en" };
    const place = OFFICE_PLACES[account][0];
    plan.candidates.push({
      key: "Elena Moreau",
      account,
      user: demoUser,
      values: {
        accountId: world.accounts[account],
        officeId: world.offices[account][0],
        firstName: "Elena",
        lastName: "Moreau",
        employeeId,
        email: DEMO_CANDIDATE_EMAIL,
        clientNotes: account === "northwind" ? "Demo candidate: signs in with the access code NW-DEMO-2026." : "",
        timeZoneId: place.timeZoneId,
        languageId: 140,
        // Set from the first test below.
        createdAt: now,
        updatedAt: now,
      },
    });
    return { person, index, email: DEMO_CANDIDATE_EMAIL, timeZoneId: place.timeZoneId, tests: [], required: 0 };
  };
  const northwind = demo("northwind", "NW-20417", plan.candidates.length);
  addTest(northwind, "en-reading", { kind: "takeable" }, { daysAgo: 2, accessCode: DEMO_ACCESS_CODE });
  addTest(northwind, "en-listening", { kind: "takeable" }, { daysAgo: 2 });
  addTest(northwind, "en-writing", { kind: "scored", level: "8" }, { daysAgo: 120 });
  // A retest of writing: Contoso Legal assigned the same test, so the list offers Choose Employer.
  addTest(northwind, "en-writing", { kind: "takeable" }, { daysAgo: 1 });
  // A live test with an interpreter, booked for tomorrow at 10:00 Eastern (the Scheduled section).
  const live = addTest(northwind, "es-ls-live", { kind: "scheduled" }, { daysAgo: 3 });
  live.values.scheduledAt = easternTime(now, 1, 10);
  // A test Boston left for her to pay (Tests Requiring Purchase: /testing/payment/a{id}/purchase).
  addTest(northwind, "es-en-translation", { kind: "needs_payment" }, { daysAgo: 1 });
  const contoso = demo("contoso", "CL-3308", plan.candidates.length);
  addTest(contoso, "en-writing", { kind: "takeable" }, { daysAgo: 5 });
  for (const profile of [northwind, contoso]) {
    for (const t of profile.tests) t.values.notifyCandidate = true;
    // The profile was created just before its first test was assigned.
    const first = Math.min(...profile.tests.map((t) => t.values.createdAt!.getTime()));
    plan.candidates[profile.index].values.createdAt = new Date(first - rng.int(1, 48) * HOUR);
    plan.candidates[profile.index].values.updatedAt = new Date(Math.max(...profile.tests.map((t) => t.values.createdAt!.getTime())));
  }
  plan.tests.push(...northwind.tests, ...contoso.tests);
  return plan;
}

/** A test still to be taken: not started, not deleted, not expired or cancelled. */
const isOpen = (t: PlannedTest) => !t.attempt && !t.values.deletedAt && ["takeable", "needs_scheduling", "needs_payment"].includes(t.values.state);
