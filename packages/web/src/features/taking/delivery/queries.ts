import { useMutation, useQueryClient } from "@tanstack/react-query";
import { takingRoutes } from "@parlance/contract";
import { call } from "../../../api/client";
import type { MutationHandlers } from "../../../api/mutationHandlers";

/** Uploads a sealed answers file (issue 27); the lists showing the test's state are read again. */
export function useDeliverFile(handlers: Pick<MutationHandlers<Awaited<ReturnType<typeof deliver>>, DeliverVars>, "onSuccess" | "onError"> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deliver,
    ...handlers,
    onSettled: () => queryClient.invalidateQueries(),
  });
}

interface DeliverVars {
  id: number;
  file: File;
}

async function deliver({ id, file }: DeliverVars) {
  return call(takingRoutes.deliver, { file: await file.text() }, { id });
}
