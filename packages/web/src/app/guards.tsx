import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { useStartup } from "../ui/startup";
import { useMayOpen, type Screen } from "../ui/screens";
import { NotFound } from "./NotFound";

/** Sends a signed-out visitor to /login, remembering where they were going. */
export function RequireSignIn() {
  const { signedIn } = useStartup();
  const location = useLocation();
  if (!signedIn) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?next=${next}`} replace />;
  }
  return <Outlet />;
}

/** A screen the user may not open (ui/screens.ts) reads as not found, as the API answers. */
export function RequireScreen({ screen, children }: { screen: Screen; children: ReactNode }) {
  return useMayOpen(screen) ? <>{children}</> : <NotFound />;
}

export function HomeRedirect() {
  const { signedIn } = useStartup();
  return <Navigate to={signedIn ? "/overview" : "/login"} replace />;
}
