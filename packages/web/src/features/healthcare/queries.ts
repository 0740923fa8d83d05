import { useQuery } from "@tanstack/react-query";
import { healthcareRoutes } from "@parlance/contract";
import { call } from "../../api/client";

export function useHealthcareRoles() {
  return useQuery({
    queryKey: ["healthcare_roles"],
    queryFn: ({ signal }) => call(healthcareRoutes.getRoles, {}, undefined, { signal }),
  });
}
