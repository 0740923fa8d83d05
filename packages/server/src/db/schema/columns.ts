import { timestamp } from "drizzle-orm/pg-core";

/** Timestamp columns every table writes the same way. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** Soft delete: the row stays for history and billing, and no longer lists. */
export const deletedAt = () => timestamp("deleted_at", { withTimezone: true });
