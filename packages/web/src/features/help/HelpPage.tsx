import { Navigate, useParams } from "react-router";
import { HelpHomePage } from "./HelpHomePage";
import { HelpGuidePage } from "./HelpGuidePage";
import { GUIDES, type Guide } from "./guide/sections";

/**
 * /help/, /help/administrator and /help/candidate: one route (each route entry adds to the first
 * screen's download), the home page or a guide by the path's last part.
 */
export default function HelpPage() {
  const { guide } = useParams();
  if (guide === undefined) return <HelpHomePage />;
  if ((GUIDES as readonly string[]).includes(guide)) return <HelpGuidePage key={guide} guide={guide as Guide} />;
  return <Navigate to="/help/" replace />;
}
