import { and, count, desc, eq } from "drizzle-orm";
import { PAGE_SIZE, pageCountOf, phoneCallMessages, promptLanguageOfId, type PhoneCallAnswer, type PhoneCallStatus, type phoneCallRoutes, type TestsCallView } from "@parlance/contract";
import { parseInternationalNumber, parsePhoneNumber } from "@parlance/contract/calls/phone-numbers";
import type { AppContext } from "../../context.js";
import { assignedTests, candidates, languages, phoneCalls, tests } from "../../db/schema.js";
import { candidatesInScope, clientScope, type Scope } from "../../auth/scope.js";
import { heldTest } from "../../attempts/index.js";
import type { InputOf } from "../../http/implement-area.js";
import { audit } from "../../audit/audit.js";
import { voiceProvider, VoiceProviderError } from "../../providers/voice/index.js";
import { assertCallsLeft, assertOpen, callFacts, phoneError, takenByPhone, type CallFacts } from "./records.js";

type Ctx = Pick<AppContext, "db" | "config">;

/** GET /api/tests/call/{id}: Tests Call, for a phone test the candidate holds. */
export async function callStartup(ctx: Ctx, scope: Scope, { id }: { id: number }): Promise<TestsCallView> {
  await heldTest(ctx.db, scope, id);
  const facts = await phoneTestFacts(ctx, id);
  const [language] = await ctx.db.select({ name: languages.name }).from(languages).where(eq(languages.id, facts.languageId));
  return {
    accessCode: facts.accessCode,
    assignedTestId: facts.id,
    officeId: facts.officeId,
    testDescription: facts.description,
    phoneNumber: facts.candidatePhone,
    language: language?.name ?? "",
  };
}

/** The phone call request of the candidate's call screen. */
export async function requestCall(ctx: Ctx, scope: Scope, input: InputOf<typeof phoneCallRoutes.requestCall>): Promise<PhoneCallAnswer> {
  await heldTest(ctx.db, scope, input.assigned_test_id);
  const facts = await phoneTestFacts(ctx, input.assigned_test_id);
  const now = new Date();
  assertOpen(facts, now);
  const number = parsePhoneNumber(input.iso_code, input.phone_number);
  if (!number) throw phoneError(400, "badNumber");
  // The engine speaks its own lines in English, Simplified or Traditional Chinese (140, 104, 106).
  const promptLanguageId = input.prompt_language_id ?? null;
  if (promptLanguageId !== null && promptLanguageOfId(promptLanguageId) === null) throw phoneError(400, "badLanguage");
  await assertCallsLeft(ctx.db, facts.id, now);
  return placeCall(ctx, scope, facts, { to: number.e164, isoCode: input.iso_code, promptLanguageId }, "startError");
}

/** POST /api/call_candidate/call_candidate: a client user calls the candidate for a phone test of theirs. */
export async function callCandidate(ctx: Ctx, anyScope: Scope, input: InputOf<typeof phoneCallRoutes.callCandidate>): Promise<PhoneCallAnswer> {
  const scope = clientScope(anyScope);
  // Another account's test is not found, whichever account the body names.
  if (input.account !== scope.accountId) throw phoneError(404, "testNotFound");
  const [reached] = await ctx.db
    .select({ id: assignedTests.id })
    .from(assignedTests)
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .where(and(eq(assignedTests.id, input.assigned_test_id), candidatesInScope(scope)));
  if (!reached) throw phoneError(404, "testNotFound");
  const facts = await phoneTestFacts(ctx, reached.id);
  const now = new Date();
  assertOpen(facts, now);
  const number = parseInternationalNumber(input.phone_number);
  if (!number) throw phoneError(400, "badNumber");
  await assertCallsLeft(ctx.db, facts.id, now);
  return placeCall(ctx, scope, facts, { to: number.e164, isoCode: number.country ?? "", promptLanguageId: null }, "notAssigned");
}

async function phoneTestFacts(ctx: Ctx, assignedTestId: number): Promise<CallFacts> {
  const facts = await callFacts(ctx.db, assignedTestId);
  if (!facts || facts.deletedAt) throw phoneError(404, "testNotFound");
  if (!(await takenByPhone(ctx.db, facts))) throw phoneError(422, "notByPhone");
  return facts;
}

/**
 * Records the call, then asks the provider to place it. A provider failure is the answer's
 * `success: false` with the screen's message (the spec's call answers success as a boolean); the
 * row keeps the provider's own words for the log.
 */
async function placeCall(
  ctx: Ctx,
  scope: Scope,
  facts: CallFacts,
  call: { to: string; isoCode: string; promptLanguageId: number | null },
  failure: "startError" | "notAssigned",
): Promise<PhoneCallAnswer> {
  const provider = voiceProvider(ctx.config);
  const [row] = await ctx.db
    .insert(phoneCalls)
    .values({
      assignedTestId: facts.id,
      accountId: facts.accountId,
      requestedByUserId: scope.userId,
      toNumber: call.to,
      isoCode: call.isoCode,
      promptLanguageId: call.promptLanguageId,
      provider: provider.kind,
    })
    .returning({ id: phoneCalls.id });
  let status: PhoneCallStatus;
  try {
    const placed = await provider.placeCall({ callId: row.id, to: call.to });
    status = placed.status;
    await ctx.db.update(phoneCalls).set({ providerCallId: placed.providerCallId, status }).where(eq(phoneCalls.id, row.id));
  } catch (e) {
    if (!(e instanceof VoiceProviderError)) throw e;
    await ctx.db.update(phoneCalls).set({ status: "failed", error: e.message.slice(0, 500), endedAt: new Date() }).where(eq(phoneCalls.id, row.id));
    await audit(ctx, { actor: scope, action: "phone.call_failed", targetType: "assigned_test", targetId: facts.id, details: { callId: row.id } });
    return { success: false, message: phoneCallMessages[failure], messageKey: `phoneCalls.messages.${failure}`, call_id: null };
  }
  await audit(ctx, { actor: scope, action: "phone.call", targetType: "assigned_test", targetId: facts.id, details: { callId: row.id, provider: provider.kind } });
  const ok = failure === "notAssigned" ? "assigned" : "callRequested";
  return { success: true, message: phoneCallMessages[ok], messageKey: `phoneCalls.messages.${ok}`, call_id: row.id };
}

/** The developer phone's list: every call, newest first (a development tool: not scoped to an account). */
export async function devCalls(ctx: Ctx, _scope: Scope, { page }: { page: number }) {
  const [{ total }] = await ctx.db.select({ total: count() }).from(phoneCalls);
  const rows = await ctx.db
    .select({
      id: phoneCalls.id,
      to: phoneCalls.toNumber,
      status: phoneCalls.status,
      createdAt: phoneCalls.createdAt,
      testDescription: tests.description,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
    })
    .from(phoneCalls)
    .innerJoin(assignedTests, eq(assignedTests.id, phoneCalls.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .where(eq(phoneCalls.provider, "local"))
    .orderBy(desc(phoneCalls.createdAt), desc(phoneCalls.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return {
    calls: rows.map((r) => ({
      id: r.id,
      to: r.to,
      testDescription: r.testDescription,
      candidateName: `${r.firstName} ${r.lastName}`.trim(),
      status: r.status as PhoneCallStatus,
      created_at: r.createdAt.toISOString(),
    })),
    itemCount: total,
    pageCount: pageCountOf(total),
  };
}
