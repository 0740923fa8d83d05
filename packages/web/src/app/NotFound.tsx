import { Suspense } from "react";
import { PageLoader } from "../ui/PageLoader";
import { preloadable } from "../ui/preloadable";
import { FirstScreenDrawn } from "../ui/firstScreen";

// Its own chunk: the page header and breadcrumbs it shows are not needed by the first screen.
const NotFoundPage = preloadable(() => import("./NotFoundPage").then((m) => m.default));

/** The not-found page (unknown paths, and screens the user may not open). */
export function NotFound() {
  return (
    <Suspense fallback={<PageLoader />}>
      <NotFoundPage />
      <FirstScreenDrawn />
    </Suspense>
  );
}
