import type { ReactNode } from "react";
import { Alert, Box, Button, Paper, Skeleton, Stack, Text, VisuallyHidden } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "../i18n";
import { ApiCallError } from "../api/client";
import { useApiErrorText } from "./useApiErrorText";
import { FirstScreenHold } from "./firstScreen";

interface RemoteDataProps<T> {
  query: UseQueryResult<T, unknown>;
  /** The loaded state. */
  children: (data: T) => ReactNode;
  /** Whether loaded data counts as empty (then `empty` is shown instead of the children). */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** A special error state (e.g. not found); return undefined for the standard one. */
  renderError?: (error: unknown) => ReactNode | undefined;
  /** Skeleton rows while loading. */
  skeletonRows?: number;
  /** The standard error state's title, when the screen has a message of its own for it; otherwise the route's spec §8 failure (or the server's own 4xx message). */
  errorTitle?: string;
}

/**
 * The four states of remote data (spec §4): loading, failed (the route's §8 failure, for lists 'Some
 * kind of error occurred', with a retry), empty and loaded. While a new page loads over the old one the old stays, marked busy.
 */
export function RemoteData<T>({ query, children, isEmpty, empty, renderError, skeletonRows = 3, errorTitle }: RemoteDataProps<T>) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  if (query.isPending) {
    return (
      <Stack gap="xs" role="status" aria-live="polite">
        <VisuallyHidden>{t("ui.loading")}</VisuallyHidden>
        <FirstScreenHold />
        {Array.from({ length: skeletonRows }, (_, i) => (
          <Skeleton key={i} height={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (query.isError && query.data === undefined) {
    const special = renderError?.(query.error);
    if (special !== undefined) return <>{special}</>;
    return (
      <Alert color="red" variant="light" role="alert" title={errorTitle ?? (query.error instanceof ApiCallError ? errorText(query.error) : t("specMessages.listLoadFailure"))}>
        <Button variant="white" color="red" size="xs" mt="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t("ui.retry")}
        </Button>
      </Alert>
    );
  }
  const data = query.data as T;
  if (isEmpty?.(data)) return <>{empty}</>;
  return (
    <Box aria-busy={query.isPlaceholderData || undefined} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
      {children(data)}
    </Box>
  );
}

/** An empty list: one sentence, and what to do about it when the user can. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Paper withBorder p="xl" radius="md" ta="center">
      <Text c="gray.7">{message}</Text>
      {action && <Box mt="md">{action}</Box>}
    </Paper>
  );
}
