import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiAreas } from "../areas.js";
import type { RouteDef } from "../route.js";
import { specMessages } from "./errors.js";

const i18n = (lang: string) =>
  (JSON.parse(readFileSync(new URL(`../../../web/src/i18n/${lang}.json`, import.meta.url), "utf8")) as { specMessages: Record<string, string> }).specMessages;

describe("route → spec §8 failure message", () => {
  const routes = Object.entries(apiAreas).flatMap(([area, defs]) => Object.entries(defs as Record<string, RouteDef>).map(([name, route]) => ({ id: `${area}.${name}`, route })));

  it("names a failure message for every route of apiRoutes()", () => {
    expect(routes.length).toBeGreaterThan(200);
    const missing = routes.filter(({ route }) => !route.failure || !(route.failure in specMessages) || (route.failure as string) === "requiredFieldMissing").map(({ id }) => id);
    expect(missing).toEqual([]);
  });

  it("gives the screens the spec's word for the failures the issue names", () => {
    const failureOf = (area: keyof typeof apiAreas, name: string) => specMessages[(apiAreas[area] as Record<string, RouteDef>)[name]!.failure!];
    expect(failureOf("taking", "submit")).toBe("An error occurred while submitting your test answers.");
    expect(failureOf("evaluatorSchedule", "confirm")).toBe("An error occurred while confirming your evaluation for the scheduled test");
    expect(failureOf("evaluatorSchedule", "decline")).toBe("An error occurred while declining your evaluator for the scheduled test");
    expect(failureOf("evaluatorSchedule", "submitObjectiveScores")).toBe("An error occurred while submitting this test.");
    expect(failureOf("offices", "edit")).toBe("An error occurred while saving");
    expect(failureOf("verify", "verify")).toMatch(/^An error occurred while attempting to verify this key\./);
    expect(failureOf("contact", "sendRequest")).toBe("An error occurred while attempting to send your message.");
    expect(failureOf("interpretation", "submitRequest")).toBe("Your request could not be submitted.");
    expect(failureOf("scheduling", "schedulePage")).toBe("An error occurred while requesting your scheduled test time.");
  });

  it("translates every failure message under specMessages.<key>, in en-US in the spec's words", () => {
    expect(i18n("en-US")).toEqual(specMessages);
    for (const lang of ["zh-HANS", "zh-HANT"]) {
      const strings = i18n(lang);
      for (const key of Object.keys(specMessages)) expect(strings[key], `${lang} ${key}`).toMatch(/\p{Script=Han}/u);
    }
  });
});
