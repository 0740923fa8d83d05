import { Suspense, useEffect } from "react";
import { preloadable } from "./preloadable";

// Mantine's Alert (with the close button it carries) is not needed to show a form, only once a save
// failed: it downloads when the form is shown, not before it (the sign-in page's size is watched).
const ErrorAlert = preloadable(() => import("./ErrorAlert").then((m) => m.ErrorAlert));

/** A save that failed, above the buttons; announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  useEffect(() => void ErrorAlert.preload(), []);
  if (!message) return null;
  return (
    <Suspense fallback={<div role="alert">{message}</div>}>
      <ErrorAlert message={message} />
    </Suspense>
  );
}
