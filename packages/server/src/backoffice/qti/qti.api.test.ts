import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { encodeQtiResponse, type QtiValue } from "@parlance/contract";
import { candidateTests, qtiItemScores, qtiTestScores } from "../../db/schema.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { assign, candidateWithLogin, takingApi } from "../../taking/test-fixtures.js";
import { contentApi, signInAll } from "../catalogue/test-fixtures.js";
import { readPackage } from "../../qti/index.js";
import { ALL_FIXTURES, buildPackage, fixture } from "../../qti/test/build.js";

/** QTI 3 through the real app: upload and report, delivery without answers, save checks, scoring at submit, cut scores, export round trip. */
let t: TestApp;
let cookies: Record<string, string>;
const admin = () => cookies["admin@parlance.example"];
const executive = () => cookies["executive@parlance.example"];

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  cookies = await signInAll(t);
});
afterAll(() => t?.close());

/** Every fixture but the one scored by hand: a test whose items are all machine-scored. */
const MACHINE = ALL_FIXTURES.filter((f) => f !== "extended-text");
const machinePackage = () => buildPackage([{ title: "Part 1", items: MACHINE.slice(0, 6).map((name) => ({ name, xml: fixture(name), category: "numbered" })) }, { title: "Part 2", items: MACHINE.slice(6).map((name) => ({ name, xml: fixture(name) })) }], { title: "QTI every interaction" });
const zipPart = (bytes: Buffer, name = "package.zip") => [{ field: "content", name, bytes }];

describe("QTI packages in the back office", () => {
  it("checks a package (interactions counted), refuses one with an item it cannot deliver (named, nothing stored), and publishes a good one", async () => {
    const api = contentApi(t);
    const reading = t.ids.catalogue.tests["en-reading"];
    const checked = await api.check(reading, zipPart(machinePackage()), admin());
    expect(checked.statusCode, checked.body).toBe(200);
    const report = checked.json();
    expect(report).toMatchObject({ ok: true, file: "package.zip", summary: { format: "qti", description: "QTI every interaction", sections: 2, questions: MACHINE.length, media: 3 } });
    expect(report.summary.interactions).toMatchObject({ choice: 3, order: 1, gap_match: 1, hotspot: 1, select_point: 1, media: 1, end_attempt: 1, text_entry: 2, extended_text: 0 });

    const bad = fixture("order").replace("qti-order-interaction", "qti-graphic-order-interaction").replace("</qti-order-interaction>", "</qti-graphic-order-interaction>");
    const refused = await api.publish(reading, zipPart(buildPackage([{ title: "S", items: [{ name: "choice", xml: fixture("choice") }, { name: "graphic", xml: bad }] }])), admin());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues.map((i: { message: string }) => i.message)).toEqual([expect.stringMatching(/^Item 'graphic' \(items\/graphic.xml\): It uses <qti-graphic-order-interaction>, which Parlance does not deliver\.$/)]);
    const hostile = await api.check(reading, zipPart(buildPackage([{ title: "S", items: [{ name: "x", xml: `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${fixture("choice")}` }] }])), admin());
    expect(hostile.json()).toMatchObject({ ok: false, summary: null });
    expect(hostile.json().messages[0].message).toMatch(/declares a DTD/);

    const published = await api.publish(reading, zipPart(machinePackage()), admin());
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ success: true, unchanged: false });
  });

  it("sets cut scores (checked), delivers without answers, refuses a wrong response, scores at submit and shows the evaluator the scores", async () => {
    const reading = t.ids.catalogue.tests["en-reading"];
    const url = `/api/backoffice/tests/${reading}/cut_scores`;
    const before = (await t.request({ method: "GET", url, cookie: admin() })).json();
    expect(before).toMatchObject({ all_machine_scored: true, cut_scores: [] });
    expect(before.max_score).toBeGreaterThan(10);
    const disordered = await t.request({ method: "POST", url, cookie: admin(), body: { cut_scores: [{ level: "3", min_score: 5 }, { level: "5", min_score: 4 }] } });
    expect(disordered.statusCode).toBe(400);
    expect(disordered.json().message).toBe("Each higher level needs a higher minimum score than the level below it.");
    expect((await t.request({ method: "POST", url, cookie: admin(), body: { cut_scores: [{ level: "13", min_score: 5 }] } })).statusCode).toBe(400);
    const saved = await t.request({ method: "POST", url, cookie: admin(), body: { cut_scores: [{ level: "6", min_score: 10 }, { level: "3", min_score: 4 }, { level: "9", min_score: 14 }] } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.request({ method: "GET", url, cookie: admin() })).json().cut_scores.map((c: { level: string }) => c.level)).toEqual(["3", "6", "9"]);

    const taking = takingApi(t);
    const c = await candidateWithLogin(t);
    const id = await assign(t, c.candidateId, { test: "en-reading" });
    expect((await taking.start(id, c.cookie)).statusCode).toBe(200);
    const section = (await taking.section(id, c.cookie, 1)).json();
    const items = [...section.items, ...(await taking.section(id, c.cookie, 2)).json().items];
    expect(items.every((i: { item_type_id: number; qti: unknown }) => i.item_type_id === 11 && i.qti)).toBe(true);
    const raw = JSON.stringify(items);
    expect(raw).not.toMatch(/"(correct|mapping|area_mapping|processing|responses|outcomes|max_score)":/);
    const choice = items.find((i: { id: string }) => i.id === "choice");
    expect(choice.qti.body).toContain(`/api/test_content/media/${id}?item=choice&amp;file=1`);
    const image = await t.request({ method: "GET", url: `/api/test_content/media/${id}?item=choice&file=1`, cookie: c.cookie });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toContain("image/png");
    // The recording of the media interaction plays only through a grant, at most twice.
    expect((await t.request({ method: "GET", url: `/api/test_content/media/${id}?item=media&file=1`, cookie: c.cookie })).statusCode).toBe(403);
    expect((await taking.grant(id, "item=media", c.cookie)).json()).toMatchObject({ plays_allowed: 2, plays_used: 1 });
    expect((await t.request({ method: "GET", url: `/api/test_content/media/${id}?item=media&file=1`, cookie: c.cookie })).statusCode).toBe(200);

    const wrong = await taking.save(id, { candidate_test_items: [{ id: "order", response: JSON.stringify({ RESPONSE: ["DriverA", "Nobody"] }), seq: 1 }] }, c.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/'order'.*'Nobody', which is not one of its choices/);
    expect((await taking.save(id, { candidate_test_items: [{ id: "choice", response: "B", seq: 1 }] }, c.cookie)).statusCode).toBe(400);

    // Every item answered correctly except the multiple choice (partly: 1 of 2).
    const answers = items.map((i: { id: string }, n: number) => {
      const correct: Record<string, QtiValue> = {};
      const declared = (JSON.parse(raw) as { id: string; qti: { interactions: { response_id: string }[] } }[]).find((x) => x.id === i.id)!.qti.interactions;
      for (const d of declared) correct[d.response_id] = null;
      return { id: i.id, seq: n + 1, correct };
    });
    const key: Record<string, Record<string, QtiValue>> = {
      associate: { RESPONSE: [["A", "P"], ["C", "M"], ["D", "L"]] },
      choice: { RESPONSE: "ChoiceA" },
      "choice-multiple": { RESPONSE: ["H", "He"] },
      "end-attempt": { RESPONSE: "PARIS" },
      "gap-match": { RESPONSE: [["W", "G1"], ["Su", "G2"]] },
      hotspot: { RESPONSE: "A" },
      hottext: { RESPONSE: "B" },
      "inline-choice": { RESPONSE: "Y" },
      match: { RESPONSE: [["C", "R"], ["D", "M"], ["L", "M"], ["P", "T"]] },
      media: { PLAYS: 1, RESPONSE: "B" },
      order: { RESPONSE: ["DriverC", "DriverA", "DriverB"] },
      "select-point": { RESPONSE: [78, 116] },
      "text-entry": { RESPONSE: "York" },
    };
    const saveBody = { candidate_test_items: answers.map((a: { id: string; seq: number }) => ({ id: a.id, seq: a.seq, response: encodeQtiResponse(key[a.id]) })) };
    const save = await taking.save(id, saveBody, c.cookie);
    expect(save.statusCode, save.body).toBe(200);
    expect((await taking.submit(id, {}, c.cookie)).statusCode).toBe(200);

    const [attempt] = await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, id));
    const scores = new Map((await t.ctx.db.select().from(qtiItemScores).where(eq(qtiItemScores.candidateTestId, attempt.id))).map((r) => [r.itemId, r]));
    expect(scores.size).toBe(MACHINE.length);
    for (const [itemId, s] of scores) expect(s.score, itemId).toBe(itemId === "choice-multiple" ? 0 : s.maxScore);
    const [test] = await t.ctx.db.select().from(qtiTestScores).where(eq(qtiTestScores.candidateTestId, attempt.id));
    expect(test).toMatchObject({ allMachineScored: true, score: before.max_score - 2, maxScore: before.max_score, level: "9" });

    const content = await t.request({ method: "GET", url: `/api/test_results/get_scoreable_content/${attempt.id}`, cookie: executive() });
    expect(content.statusCode, content.body).toBe(200);
    const body = content.json();
    expect(body.raw_score).toEqual({ score: before.max_score - 2, max: before.max_score, all_machine_scored: true, level: "9" });
    const scored = body.sections.flatMap((s: { items: unknown[] }) => s.items).find((i: { id: string }) => i.id === "order");
    expect(scored).toMatchObject({ kind: "qti", machine_score: { score: 1, max: 1 }, qti_correct: { RESPONSE: ["DriverC", "DriverA", "DriverB"] }, response: encodeQtiResponse(key.order) });
    expect(scored.qti.interactions[0].kind).toBe("order");
  });

  it("exports the current content as a QTI 3 package that re-imports to the same test", async () => {
    const reading = t.ids.catalogue.tests["en-reading"];
    expect((await t.request({ method: "GET", url: `/api/backoffice/tests/${reading}/content/qti` })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: `/api/backoffice/tests/${reading}/content/qti`, cookie: cookies["evaluator@parlance.example"] })).statusCode).toBe(403);
    const res = await t.app.inject({ method: "GET", url: `/api/backoffice/tests/${reading}/content/qti`, headers: { cookie: admin() } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="en-reading-qti3.zip"');
    const target = { key: "en-reading", test_type_short_name: "reading" as const, time_limit_minutes: null };
    const again = await readPackage(res.rawPayload, target);
    // The package gave no time limit: the catalogue's was published, and the export carries it.
    const original = await readPackage(machinePackage(), { ...target, time_limit_minutes: again.content?.time_limit_minutes ?? null });
    expect(again.problems).toEqual([]);
    expect(again.content).toEqual(original.content);
    // Publishing the export again changes nothing.
    const republished = await contentApi(t).publish(reading, zipPart(res.rawPayload, "en-reading-qti3.zip"), admin());
    expect(republished.json()).toMatchObject({ success: true, unchanged: true });
  });
});
