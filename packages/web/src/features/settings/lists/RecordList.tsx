import { useEffect, type ReactNode } from "react";
import { Anchor, Button, Group, Title, VisuallyHidden } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import { DataTable, type DataColumn } from "../../../ui/DataTable";
import { Pager } from "../../../ui/Pager";
import { EmptyState, RemoteData } from "../../../ui/RemoteData";

export interface PagedList<T> {
  rows: T[];
  itemCount: number;
  pageCount: number;
}

interface RecordListProps<T, D> {
  /** The list's heading, e.g. "Users"; hidden visually on a page whose h1 says it already. */
  title: string;
  titleId: string;
  /** h2 on its own page, h3 inside the office detail tabs. */
  headingOrder?: 2 | 3;
  titleHidden?: boolean;
  caption: string;
  pagerLabel: string;
  /** The query of the page being shown; `rowsOf` turns its answer into rows and counts. */
  query: UseQueryResult<D, unknown>;
  page: number;
  setPage: (page: number) => void;
  rowsOf: (data: D) => PagedList<T>;
  columns: (data: D) => DataColumn<T>[];
  rowKey: (row: T) => number;
  /** Where Add leads (null when the caller may not add). */
  addTo: string | null;
  addLabel: string;
  emptyText: string;
  addFirstLabel: string;
  /** Something to show between the heading and the table (an explanation). */
  intro?: ReactNode;
}

/**
 * One settings list (users, test groups, result recipients): heading with Add, then loading,
 * failed ('Some kind of error occurred'), empty or the table with its pager (spec §2, §4).
 */
export function RecordList<T, D>(props: RecordListProps<T, D>) {
  const { title, titleId, headingOrder = 2, titleHidden, caption, pagerLabel, query, page, setPage, rowsOf, rowKey, addTo, addLabel, emptyText, addFirstLabel, intro } = props;
  const location = useLocation();
  const emptyPage = query.data !== undefined && rowsOf(query.data).rows.length === 0 && page > 1;
  // The last row of the last page was deleted: show the page before.
  useEffect(() => {
    if (emptyPage) setPage(page - 1);
  }, [emptyPage, page, setPage]);
  // The form comes back here (the office detail tab, say) after saving or cancelling.
  const from = { from: location.pathname + location.search };

  const add = addTo && (
    <Button component={Link} to={addTo} state={from}>
      {addLabel}
    </Button>
  );

  return (
    <section aria-labelledby={titleId}>
      <Group justify={titleHidden ? "flex-end" : "space-between"} align="center" mb="sm" gap="sm">
        {titleHidden ? (
          <VisuallyHidden>
            <Title order={headingOrder} id={titleId}>
              {title}
            </Title>
          </VisuallyHidden>
        ) : (
          <Title order={headingOrder} id={titleId} fz={headingOrder === 2 ? "xl" : "lg"}>
            {title}
          </Title>
        )}
        {add}
      </Group>
      {intro}
      <RemoteData
        query={query}
        isEmpty={(d) => rowsOf(d).itemCount === 0 && page === 1}
        empty={
          <EmptyState
            message={emptyText}
            action={
              addTo && (
                <Anchor component={Link} to={addTo} state={from}>
                  {addFirstLabel}
                </Anchor>
              )
            }
          />
        }
      >
        {(data) => {
          const list = rowsOf(data);
          return (
            <>
              <DataTable caption={caption} captionHidden columns={props.columns(data)} rows={list.rows} rowKey={rowKey} />
              <Pager page={page} pageCount={list.pageCount} onChange={setPage} label={pagerLabel} />
            </>
          );
        }}
      </RemoteData>
    </section>
  );
}

/** The row's Edit and Delete buttons, each named with the row (e.g. "Edit Nia Brooks"). */
export function RowActions({
  editTo,
  editLabel,
  deleteLabel,
  onDelete,
  deleting,
  editText,
  deleteText,
}: {
  editTo: string | null;
  editLabel: string;
  deleteLabel: string;
  onDelete: (() => void) | null;
  deleting: boolean;
  editText: string;
  deleteText: string;
}) {
  const location = useLocation();
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {editTo && (
        <Button component={Link} to={editTo} state={{ from: location.pathname + location.search }} size="compact-sm" variant="light" aria-label={editLabel}>
          {editText}
        </Button>
      )}
      {onDelete && (
        <Button size="compact-sm" variant="light" color="red" loading={deleting} aria-label={deleteLabel} onClick={onDelete}>
          {deleteText}
        </Button>
      )}
    </Group>
  );
}
