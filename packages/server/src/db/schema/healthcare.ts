import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";

// Health care (server healthcare/): the roles and specialties a candidate's profile may name.

export const healthcareRoles = pgTable("healthcare_roles", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  position: integer("position").notNull().default(0),
});

export const healthcareSpecialties = pgTable(
  "healthcare_specialties",
  {
    id: serial("id").primaryKey(),
    roleId: integer("role_id")
      .notNull()
      .references(() => healthcareRoles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
  },
  (t) => [index("healthcare_specialties_role_idx").on(t.roleId)],
);
