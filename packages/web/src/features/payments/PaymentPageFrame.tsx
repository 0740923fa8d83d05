import type { ReactNode } from "react";
import { Alert } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { PageHeader } from "../../ui/PageHeader";
import { RemoteData } from "../../ui/RemoteData";
import type { Crumb } from "../../ui/Breadcrumbs";
import { useApiErrorText, type MessageCatalogs } from "../../ui/useApiErrorText";

interface PaymentPageFrameProps<T> {
  title: string;
  breadcrumbs?: Crumb[];
  query: UseQueryResult<T, unknown>;
  /** The failed-load alert's title; its text is the server's message, read through `catalogs`. */
  loadFailed: string;
  catalogs: MessageCatalogs;
  children: (data: T) => ReactNode;
}

/** The frame of a payment page (invoice, translation charge): its header, then the loading, failed or loaded page. */
export function PaymentPageFrame<T>({ title, breadcrumbs, query, loadFailed, catalogs, children }: PaymentPageFrameProps<T>) {
  const errorText = useApiErrorText(catalogs);
  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} />
      <RemoteData
        query={query}
        renderError={(err) => (
          <Alert color="red" variant="light" role="alert" title={loadFailed}>
            {errorText(err)}
          </Alert>
        )}
      >
        {children}
      </RemoteData>
    </>
  );
}
