import { describe, expect, it } from "vitest";
import { knownMessageKey } from "./useApiErrorText";

describe("knownMessageKey", () => {
  it("finds the spec's messages by their exact text", () => {
    expect(knownMessageKey("A required field is missing.")).toBe("specMessages.requiredFieldMissing");
    expect(knownMessageKey("Some kind of error occurred")).toBe("specMessages.listLoadFailure");
  });

  it("looks in an area's catalog under its prefix", () => {
    const catalogs = { "offices.messages": { nameTooLong: "Office Name must be at most 30 characters." } };
    expect(knownMessageKey("Office Name must be at most 30 characters.", catalogs)).toBe("offices.messages.nameTooLong");
  });

  it("knows nothing of other text", () => {
    expect(knownMessageKey("A required field is missing")).toBeUndefined();
    expect(knownMessageKey("")).toBeUndefined();
  });
});
