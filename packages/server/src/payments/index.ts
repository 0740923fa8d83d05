/** What other areas use of payments/: they import it from here only (eslint.config.js, server areas). */
export { type FeeLineItem, registerFeeSource } from "./fees.js";
export { invoicesInScope } from "./invoices/records.js";
