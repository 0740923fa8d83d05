import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { paperPackageRoutes, type RouteOutput } from "@parlance/contract";
import { call } from "../../api/client";
import type { MutationHandlers } from "../../api/mutationHandlers";

/** Everything under ["paper"] is refreshed after a package is made or a test received. */
export function useOutstandingPaperTests(page: number) {
  return useQuery({
    queryKey: ["paper", "outstanding", page],
    queryFn: ({ signal }) => call(paperPackageRoutes.listOutstanding, { page }, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUnprintedPackages() {
  return useQuery({
    queryKey: ["paper", "unprinted"],
    queryFn: ({ signal }) => call(paperPackageRoutes.unprinted, {}, undefined, { signal }),
  });
}

export function useUnpackagedTests() {
  return useQuery({
    queryKey: ["paper", "unpackaged"],
    queryFn: ({ signal }) => call(paperPackageRoutes.getTests, {}, undefined, { signal }),
  });
}

/** Makes a package of the chosen tests; once the lists are refreshed, the screen opens it (onCreated). */
export function useCreatePackage(onCreated: (groupKey: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(paperPackageRoutes.create, { assigned_tests: ids }),
    onSuccess: async ({ group_key }) => {
      await queryClient.invalidateQueries({ queryKey: ["paper"] });
      onCreated(group_key);
    },
  });
}

export function useSendPackageAlert(groupKey: string) {
  return useMutation({ mutationFn: (address: string) => call(paperPackageRoutes.alert, { group_key: groupKey, email_address: address }) });
}

/** The responses of a paper test: the scan (a PDF) or the typed text, whichever tab is open when it runs. */
export interface PaperResponses {
  tab: string | null;
  file: File | null;
  text: string;
}

export function useReceivePaperTest(responses: PaperResponses, handlers: MutationHandlers<RouteOutput<typeof paperPackageRoutes.receiveEntered>, number>) {
  return useMutation({
    mutationFn: async (id: number) => {
      if (responses.tab === "scan") {
        const body = new FormData();
        body.append("file", responses.file as File);
        return call(paperPackageRoutes.receiveScan, {}, { id }, { formData: body });
      }
      return call(paperPackageRoutes.receiveEntered, { responses: responses.text }, { id });
    },
    ...handlers,
  });
}
