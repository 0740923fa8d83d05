import { createHash, randomBytes, randomUUID } from "node:crypto";
import { ACTFL_TEXT, altaLevelOf, OB3_CONTEXT, VC_CONTEXT_V2, verifiedPagePath } from "@parlance/contract";

/**
 * The Open Badges 3.0 credential of one result (an OpenBadgeCredential, VC Data Model 2.0):
 * pure, so its shape is tested without a database. Kept small on purpose: the QR code carries it
 * whole (docs/verification.md), so only the achieved level is described, with its CEFR, ILR and
 * ACTFL equivalents as alignments of that rubric level (contract results/scales.ts).
 */

export interface CredentialInput {
  publicUrl: string;
  issuerDid: string;
  issuerName: string;
  credentialId?: string;
  candidateName: string;
  email: string;
  testId: number;
  test: string;
  /** BCP 47 tag of the test's language. */
  languageCode: string;
  languageName: string;
  level: string;
  /** The day the test was taken (YYYY-MM-DD). */
  testDate: string;
  issuedAt: Date;
  verificationKey: string;
  status: { listUrl: string; index: number };
  /** Salt of the email's hash (random when not given). */
  salt?: string;
}

const FRAMEWORKS = {
  CEFR: "https://www.coe.int/lang-cefr",
  ILR: "https://www.govtilr.org",
  ACTFL: "https://www.actfl.org",
};

/** OB3 IdentityObject of an email: `sha256$` + hex SHA-256 of the address (lower case) followed by the salt. */
export function emailIdentityHash(email: string, salt: string): string {
  return `sha256$${createHash("sha256").update(email.trim().toLowerCase() + salt).digest("hex")}`;
}

const seconds = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

export function buildCredential(i: CredentialInput): Record<string, unknown> {
  const alta = altaLevelOf(i.level);
  const scales = new URL("/testing/scales", i.publicUrl).toString();
  const levelId = `${scales}#alta-${alta?.key ?? encodeURIComponent(i.level)}`;
  const descriptionId = `${scales}#alta`;
  const salt = i.salt ?? randomBytes(8).toString("hex");
  const alignment = alta
    ? [
        { type: ["Alignment"], targetName: `CEFR ${alta.cefr}`, targetUrl: FRAMEWORKS.CEFR, targetFramework: "CEFR", targetCode: alta.cefr },
        { type: ["Alignment"], targetName: `ILR ${alta.ilr}`, targetUrl: FRAMEWORKS.ILR, targetFramework: "ILR", targetCode: alta.ilr },
        { type: ["Alignment"], targetName: `ACTFL ${ACTFL_TEXT[alta.actfl]}`, targetUrl: FRAMEWORKS.ACTFL, targetFramework: "ACTFL", targetCode: ACTFL_TEXT[alta.actfl] },
      ]
    : [];
  return {
    "@context": [VC_CONTEXT_V2, OB3_CONTEXT],
    id: i.credentialId ?? `urn:uuid:${randomUUID()}`,
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name: `${i.test}: ALTA ${i.level}`,
    issuer: { id: i.issuerDid, type: ["Profile"], name: i.issuerName, url: i.publicUrl },
    validFrom: seconds(i.issuedAt),
    credentialSubject: {
      type: ["AchievementSubject"],
      identifier: [
        { type: "IdentityObject", identityType: "name", hashed: false, identityHash: i.candidateName },
        { type: "IdentityObject", identityType: "emailAddress", hashed: true, identityHash: emailIdentityHash(i.email, salt), salt },
      ],
      activityEndDate: `${i.testDate}T00:00:00Z`,
      achievement: {
        id: new URL(`/credentials/achievements/${i.testId}`, i.publicUrl).toString(),
        type: ["Achievement"],
        achievementType: "Assessment",
        name: i.test,
        description: `${i.languageName} proficiency on the ALTA scale (1 to 12+).`,
        criteria: { narrative: "Scored by a certified evaluator of the provider." },
        inLanguage: i.languageCode,
        resultDescription: [
          {
            id: descriptionId,
            type: ["ResultDescription"],
            name: "ALTA level",
            resultType: "RubricCriterionLevel",
            rubricCriterionLevel: [{ id: levelId, type: ["RubricCriterionLevel"], name: `ALTA ${i.level}`, level: i.level, alignment }],
          },
        ],
      },
      result: [{ type: ["Result"], resultDescription: descriptionId, achievedLevel: levelId, value: i.level }],
    },
    evidence: [{ id: new URL(verifiedPagePath(i.verificationKey), i.publicUrl).toString(), type: ["Evidence"], name: "Verification key", narrative: i.verificationKey }],
    credentialStatus: {
      id: `${i.status.listUrl}#${i.status.index}`,
      type: "BitstringStatusListEntry",
      statusPurpose: "revocation",
      statusListIndex: String(i.status.index),
      statusListCredential: i.status.listUrl,
    },
  };
}
