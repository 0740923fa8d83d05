import { and, asc, desc, eq, sql } from "drizzle-orm";
import { featureFlagMessages, type FeatureFlag, type FeatureFlagName, type featureFlagRoutes, type TestType } from "@parlance/contract";
import type { Db } from "../db/client.js";
import { rowsOf } from "../db/rows.js";
import { featureFlagRules, featureFlags, tests } from "../db/schema.js";
import type { Scope } from "../auth/scope.js";
import type { InputOf } from "../http/implement-area.js";
import { HttpError } from "../http/errors.js";
import { audit } from "../audit/audit.js";

/** The English names of the catalogue's test types (the screen shows its own translation of the code). */
const TEST_TYPE_NAMES: Record<TestType, string> = {
  listening_speaking: "Listening and Speaking",
  reading: "Reading",
  writing: "Writing",
  translation: "Translation",
  interpretation: "Interpretation",
};

/** What a flag is asked about: the catalogue test (and its type, read when not given). */
export interface FlagSubject {
  testId: number;
  testType?: TestType;
}

/**
 * Whether `flag` is on for a test: of the flag's rules that match it (a Test rule naming the test, a
 * Test Type rule naming its type) the highest weight decides; at equal weight a Test rule beats a
 * Test Type rule, and then a rule that does not permit beats one that does. With no matching rule,
 * the flag's on_by_default; an unknown flag is off. One statement.
 */
export async function isFeatureEnabled(db: Db, flag: FeatureFlagName, { testId, testType }: FlagSubject): Promise<boolean> {
  const typeOfTest = testType ?? sql`(SELECT ${tests.testType} FROM ${tests} WHERE ${tests.id} = ${testId})`;
  const rows = await rowsOf<{ on: boolean | null }>(db, sql`
    SELECT COALESCE(
      (SELECT r.permits FROM ${featureFlagRules} r
        WHERE r.feature_flag_id = f.id
          AND ((r.rule_type = 'test' AND r.test_id = ${testId}) OR (r.rule_type = 'test_type' AND r.test_type = ${typeOfTest}))
        ORDER BY r.weight DESC, (r.rule_type = 'test') DESC, r.permits ASC, r.id
        LIMIT 1),
      f.on_by_default) AS "on"
    FROM ${featureFlags} f WHERE f.name = ${flag}`);
  return rows[0]?.on === true;
}

/** The features of one catalogue test, as the test pages read them. */
export async function testFeatures(db: Db, subject: FlagSubject): Promise<{ webCall: boolean; video: boolean }> {
  const [webCall, video] = await Promise.all([isFeatureEnabled(db, "web_call", subject), isFeatureEnabled(db, "video", subject)]);
  return { webCall, video };
}

/** GET /api/feature_flags/get_rules: every flag by name, its rules in the order they decide. */
export async function listFeatureFlags({ db }: { db: Db }): Promise<{ feature_flags: FeatureFlag[] }> {
  const flags = await db.select().from(featureFlags).orderBy(asc(featureFlags.name));
  const rules = await db
    .select({ rule: featureFlagRules, testDescription: tests.description })
    .from(featureFlagRules)
    .leftJoin(tests, eq(tests.id, featureFlagRules.testId))
    .orderBy(desc(featureFlagRules.weight), desc(sql`(${featureFlagRules.ruleType} = 'test')`), asc(featureFlagRules.permits), asc(featureFlagRules.id));
  return {
    feature_flags: flags.map((f) => ({
      id: f.id,
      name: f.name,
      on_by_default: f.onByDefault,
      rules: rules
        .filter((r) => r.rule.featureFlagId === f.id)
        .map(({ rule, testDescription }) => {
          const type = rule.ruleType === "test_type" ? (rule.testType as TestType) : null;
          return {
            id: rule.id,
            weight: rule.weight,
            permits: rule.permits,
            rule_type: rule.ruleType === "test" ? ("Test" as const) : ("Test Type" as const),
            test_description: rule.ruleType === "test" ? (testDescription ?? "") : null,
            test_type_description: type ? (TEST_TYPE_NAMES[type] ?? type) : null,
            test_type: type,
          };
        }),
    })),
  };
}

/** POST /api/feature_flags/delete_rule: a rule that is not there could not be deleted (404 with the spec's words). */
export async function deleteFeatureFlagRule({ db }: { db: Db }, scope: Scope, { feature_flag_rule_id: id }: InputOf<typeof featureFlagRoutes.deleteRule>) {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(featureFlagRules)
      .where(eq(featureFlagRules.id, id))
      .returning({ flagId: featureFlagRules.featureFlagId, ruleType: featureFlagRules.ruleType, testId: featureFlagRules.testId, testType: featureFlagRules.testType, weight: featureFlagRules.weight, permits: featureFlagRules.permits });
    if (!gone) throw new HttpError(404, featureFlagMessages.notDeleted, "admin.flags.notDeleted");
    await audit({ db: tx }, { actor: scope, action: "feature_flags.delete_rule", targetType: "feature_flag_rule", targetId: id, details: gone });
    return { success: true, message: featureFlagMessages.deleted };
  });
}

/** Ours: GET /api/feature_flags/rule_options: the catalogue's active tests, by description. */
export async function featureFlagRuleOptions({ db }: { db: Db }) {
  const rows = await db.select({ id: tests.id, description: tests.description, test_type: tests.testType }).from(tests).where(eq(tests.isActive, true)).orderBy(asc(tests.description), asc(tests.id));
  return { tests: rows };
}

/** Ours: POST /api/feature_flags/add_rule: the flag and the test must exist; the rule is audited. */
export async function addFeatureFlagRule({ db }: { db: Db }, scope: Scope, input: InputOf<typeof featureFlagRoutes.addRule>) {
  return db.transaction(async (tx) => {
    const [flag] = await tx.select({ id: featureFlags.id, name: featureFlags.name }).from(featureFlags).where(eq(featureFlags.id, input.feature_flag_id));
    if (!flag) throw new HttpError(404, featureFlagMessages.flagNotFound, "admin.flags.flagNotFound");
    const byTest = input.rule_type === "Test";
    if (byTest) {
      const [test] = await tx.select({ id: tests.id }).from(tests).where(and(eq(tests.id, input.test_id!), eq(tests.isActive, true)));
      if (!test) throw new HttpError(422, featureFlagMessages.testNotFound, "admin.flags.testNotFound");
    }
    const [rule] = await tx
      .insert(featureFlagRules)
      .values({ featureFlagId: flag.id, weight: input.weight, permits: input.permits, ruleType: byTest ? "test" : "test_type", testId: byTest ? input.test_id! : null, testType: byTest ? null : input.test_type! })
      .returning({ id: featureFlagRules.id });
    await audit({ db: tx }, { actor: scope, action: "feature_flags.add_rule", targetType: "feature_flag_rule", targetId: rule.id, details: { flag: flag.name, ...input } });
    return { success: true, message: featureFlagMessages.added, feature_flag_rule_id: rule.id };
  });
}
