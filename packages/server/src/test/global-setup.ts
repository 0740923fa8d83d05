import type { TestProject } from "vitest/node";
import { createDemoTemplate, type DemoTemplate } from "./demo-template.js";
import { testDatabaseKind } from "./harness.js";

let drop: (() => Promise<void>) | undefined;

/** The API project's setup: migrates and seeds the demo world once; each test file gets a copy. */
export async function setup(project: TestProject) {
  const started = Date.now();
  const made = await createDemoTemplate(testDatabaseKind, process.env.TEST_DATABASE_URL);
  drop = made.drop;
  project.provide("demoTemplate", made.template);
  console.log(`Demo world for the API tests (${testDatabaseKind}) migrated and seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

export async function teardown() {
  await drop?.();
}

declare module "vitest" {
  export interface ProvidedContext {
    demoTemplate: DemoTemplate;
  }
}
