/** The news area's public surface: the admin hub's links (other admin areas add theirs there). */
export { ADMIN_HUB_LINKS, type AdminHubLink } from "./admin/adminHubLinks";
