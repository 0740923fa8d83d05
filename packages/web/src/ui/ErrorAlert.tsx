import { Alert } from "@mantine/core";

/** FormError's alert (a chunk of its own: see FormError.tsx). */
export function ErrorAlert({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}
