import { describe, expect, it } from "vitest";
import { processorDeclineMessages, processorMessageKey } from "@parlance/contract";
import enUS from "../../i18n/en-US.json";
import zhHANS from "../../i18n/zh-HANS.json";
import zhHANT from "../../i18n/zh-HANT.json";

/** The processor's refusals: Stripe's words are the en-US text, translated in both Chinese files. */
describe("processor messages", () => {
  it("en-US is Stripe's wording word for word; zh-HANS and zh-HANT translate every one", () => {
    expect(enUS.processorMessages).toEqual(processorDeclineMessages);
    for (const file of [zhHANS, zhHANT]) {
      expect(Object.keys(file.processorMessages)).toEqual(Object.keys(processorDeclineMessages));
      for (const [name, text] of Object.entries(file.processorMessages)) {
        expect(text, name).not.toBe(processorDeclineMessages[name as keyof typeof processorDeclineMessages]);
        expect(text, name).toMatch(/[\u4e00-\u9fff]/);
      }
    }
    expect(zhHANS.processorMessages.cardDeclined).not.toBe(zhHANT.processorMessages.cardDeclined);
  });

  it("maps Stripe's codes, decline codes and messages to their keys, anything else to the generic one", () => {
    const key = (e: Parameters<typeof processorMessageKey>[0]) => processorMessageKey(e).replace("processorMessages.", "");
    expect(key({ code: "card_declined", message: "Your card was declined." })).toBe("cardDeclined");
    expect(key({ code: "card_declined", declineCode: "insufficient_funds", message: "Your card has insufficient funds." })).toBe("insufficientFunds");
    expect(key({ code: "card_declined", declineCode: "insufficient_funds" })).toBe("insufficientFunds");
    expect(key({ code: "expired_card" })).toBe("expiredCard");
    expect(key({ code: "incorrect_cvc" })).toBe("incorrectCvc");
    expect(key({ code: "processing_error" })).toBe("processingError");
    expect(key({ code: "payment_intent_authentication_failure" })).toBe("authenticationFailed");
    expect(key({ message: "We are unable to authenticate your payment method. Please choose a different payment method and try again." })).toBe("authenticationFailed");
    // Another decline code: Stripe says the card was declined.
    expect(key({ code: "card_declined", declineCode: "lost_card" })).toBe("cardDeclined");
    expect(key({ code: "lost_card", message: "Your card was declined." })).toBe("cardDeclined");
    // The exact text wins over the code (the test-mode note about a real card number).
    expect(key({ code: "card_declined", message: processorDeclineMessages.testModeLiveCard })).toBe("testModeLiveCard");
    expect(key({})).toBe("generic");
    expect(key({ code: "api_connection_error", message: "An error occurred with our connection to Stripe." })).toBe("generic");
  });
});
