export * from "./packages.js";
export * from "./polling.js";
