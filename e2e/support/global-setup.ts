import type { TestProject } from "vitest/node";
import { startServer, type RunningServer } from "./server";
import { buildWebIfStale } from "../../scripts/web-build.mjs";

let server: RunningServer | undefined;

/** One real server for the browser tests: built web app, embedded database, demo world. */
export async function setup(project: TestProject) {
  buildWebIfStale();
  server = await startServer();
  project.provide("baseURL", server.url);
}

export async function teardown() {
  await server?.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}
