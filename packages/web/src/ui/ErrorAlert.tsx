import { Alert } from "@mantine/core";
import { withTheme } from "./ThemeProvider";

/** FormError's alert (a chunk of its own: see FormError.tsx). */
function ErrorAlertInner({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}

export const ErrorAlert = withTheme(ErrorAlertInner);
