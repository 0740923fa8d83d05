import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { mailRoutes } from "@parlance/contract";
import { call } from "../../api/client";

/** The development mailbox, a page at a time (the old page stays up while the next loads). */
export function useMailbox(page: number) {
  return useQuery({
    queryKey: ["dev-mailbox", page],
    queryFn: () => call(mailRoutes.mailbox, { page }),
    placeholderData: keepPreviousData,
  });
}
