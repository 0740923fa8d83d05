import { describe, expect, it } from "vitest";
import { candidateMessages } from "@parlance/contract";
import en from "../../i18n/en-US.json";
import { downloadHref, parseCandidateId } from "./paths";

describe("candidate messages", () => {
  it("the English texts of the screen are the server's messages word for word", () => {
    expect(en.candidates.messages).toEqual(candidateMessages);
  });
});

describe("candidate paths", () => {
  it("reads record ids only", () => {
    expect(parseCandidateId("12")).toBe(12);
    for (const bad of [undefined, "", "0", "-1", "1.5", "abc", "99999999999"]) expect(parseCandidateId(bad)).toBeNull();
  });

  it("links the CSV of a query", () => {
    expect(downloadHref("")).toBe("/api/candidates/download");
    expect(downloadHref(' last:"de la cruz" ')).toBe("/api/candidates/download?query=last%3A%22de%20la%20cruz%22");
  });
});
