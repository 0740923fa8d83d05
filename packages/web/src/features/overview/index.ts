/** The Overview's public surface: its quick links. */
export { QUICK_LINKS } from "./quickLinks";
