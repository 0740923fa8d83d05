import { Title } from "@mantine/core";
import { DataTable, type DataColumn } from "./DataTable";

export interface TableGroup<G extends string, T> {
  group: G;
  rows: T[];
}

interface GroupedTablesProps<G extends string, T> {
  groups: TableGroup<G, T>[];
  /** The heading of a group (also the table's caption, read by screen readers). */
  titleOf: (group: G) => string;
  columns: DataColumn<T>[];
  rowKey: (row: T) => string | number;
  /** Prefix of the headings' ids, unique on the page. */
  idPrefix: string;
  minWidth?: number;
  /** A group's heading colour when it needs attention (e.g. Overdue). */
  colorOf?: (group: G) => string | undefined;
}

/** A list cut into headed groups (Overdue / Due Today…, Today / Tomorrow…), a table each. */
export function GroupedTables<G extends string, T>({ groups, titleOf, columns, rowKey, idPrefix, minWidth = 860, colorOf }: GroupedTablesProps<G, T>) {
  return (
    <>
      {groups.map(({ group, rows }) => (
        <section key={group} aria-labelledby={`${idPrefix}-${group}`}>
          <Title order={2} size="h3" id={`${idPrefix}-${group}`} mb="xs" c={colorOf?.(group)}>
            {titleOf(group)}
          </Title>
          <DataTable caption={titleOf(group)} captionHidden columns={columns} rows={rows} rowKey={rowKey} minWidth={minWidth} />
        </section>
      ))}
    </>
  );
}
