import type { ReactNode } from "react";
import { Table, VisuallyHidden } from "@mantine/core";

export interface DataColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  align?: "left" | "center" | "right";
  /** The cell that names the row (e.g. the office name): rendered as a row header for screen readers. */
  rowHeader?: boolean;
  /** Header read by screen readers only (an actions column). */
  headerHidden?: boolean;
  nowrap?: boolean;
}

interface DataTableProps<T> {
  /** Names the table for assistive technology; shown above it unless captionHidden. */
  caption: string;
  captionHidden?: boolean;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Below this width the table scrolls sideways instead of squeezing (phones). */
  minWidth?: number;
}

/** A plain data table from a column list: semantic headers, a caption, sideways scroll on small screens. */
export function DataTable<T>({ caption, captionHidden = false, columns, rows, rowKey, minWidth = 560 }: DataTableProps<T>) {
  return (
    // position: relative keeps visually hidden (absolute) header text inside the scroll box on phones.
    // The box is a named, focusable region so keyboard users can scroll a wide table sideways.
    <Table.ScrollContainer minWidth={minWidth} type="native" style={{ position: "relative" }} tabIndex={0} role="region" aria-label={caption}>
      <Table striped highlightOnHover verticalSpacing="sm" captionSide="top">
        {captionHidden ? (
          <caption>
            <VisuallyHidden>{caption}</VisuallyHidden>
          </caption>
        ) : (
          <Table.Caption>{caption}</Table.Caption>
        )}
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} scope="col" ta={c.align} style={{ whiteSpace: "nowrap" }}>
                {c.headerHidden ? <VisuallyHidden>{c.header}</VisuallyHidden> : c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((c) => {
                const style = c.nowrap ? { whiteSpace: "nowrap" as const } : undefined;
                return c.rowHeader ? (
                  <Table.Th key={c.key} scope="row" ta={c.align} fw={500} style={style}>
                    {c.cell(row)}
                  </Table.Th>
                ) : (
                  <Table.Td key={c.key} ta={c.align} style={style}>
                    {c.cell(row)}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
