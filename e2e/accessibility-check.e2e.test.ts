import { describe, expect, it } from "vitest";
import { expectAccessible, newContext, seriousViolations, useBrowser } from "./support/browser";

/**
 * The accessibility check every browser test relies on can fail: a page with an unlabelled field,
 * a nameless button and faint text is refused, naming the rules, and the same page made right passes.
 */
const browser = useBrowser();

describe("the accessibility check", () => {
  it("finds serious violations and passes the page once they are fixed", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Form</h1><input type="text"><button></button><p style="color:#bbb">Faint</p></main></body></html>`,
    );
    const found = (await seriousViolations(page)).map((line) => line.split(" ")[0]);
    // (The empty button is also too small a target: WCAG 2.2 2.5.8.)
    expect(found.sort()).toEqual(["button-name", "color-contrast", "label", "target-size"]);
    await expect(expectAccessible(page, "broken page")).rejects.toThrow(/accessibility of broken page/);
    await page.setContent(
      `<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Form</h1><label>Name <input type="text"></label><button>Send</button><p>Plain</p></main></body></html>`,
    );
    await expectAccessible(page, "fixed page");
    await context.close();
  });
});
