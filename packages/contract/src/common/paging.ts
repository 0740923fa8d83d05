import { z } from "zod";

export const PAGE_SIZE = 20;

export const pageInput = z.coerce.number().int().min(1).max(1_000_000).default(1);

export function pageCountOf(itemCount: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(itemCount / pageSize));
}
