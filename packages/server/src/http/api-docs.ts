import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { z } from "zod";
import * as contract from "@parlance/contract";
import type { RouteDef } from "@parlance/contract";

export const API_DOCS_PREFIX = "/api/docs";

const jsonSchema = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any", target: "openapi-3.0" }) as Record<string, unknown>;

/** OpenAPI 3 document of every contract route: paths, inputs, outputs and who may call. */
export function openApiDocument(publicUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of contract.collectRoutes(contract as unknown as Record<string, unknown>) as RouteDef[]) {
    const path = route.path.replace(/:(\w+)/g, "{$1}");
    const params = route.params ? Object.keys((route.params as z.ZodObject).shape ?? {}) : [];
    const input = jsonSchema(route.input, "input");
    const queryFields = route.method === "GET" ? Object.keys((input.properties as object | undefined) ?? {}) : [];
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      description: `Access: ${route.access}`,
      tags: [route.path.startsWith("/api/") ? route.path.split("/")[2] : "pages"],
      parameters: [
        ...params.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
        ...queryFields.map((name) => ({ name, in: "query", schema: (input.properties as Record<string, unknown>)[name] })),
      ],
      ...(route.method === "GET" ? {} : { requestBody: { content: { "application/json": { schema: input } } } }),
      responses: {
        200: { description: "Success", content: { "application/json": { schema: jsonSchema(route.output, "output") } } },
        400: { description: "Bad input: {message, issues}" },
        401: { description: "Not signed in" },
        403: { description: "Not allowed" },
        404: { description: "Not found, or outside the caller's account or office" },
      },
    };
  }
  return {
    openapi: "3.0.3",
    info: { title: "Parlance API", version: "1.0.0", description: "Generated from packages/contract." },
    servers: [{ url: publicUrl }],
    paths,
  };
}

/** Swagger UI at /api/docs over the contract's OpenAPI document. */
export async function registerApiDocs(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, { mode: "static", specification: { document: openApiDocument(publicUrl) as never } });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PREFIX, staticCSP: true });
}
