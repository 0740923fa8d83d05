import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "../../../i18n";
import { useParams } from "react-router";
import { RemoteData } from "../../../ui/RemoteData";
import { RecordNotFound } from "./FormParts";
import { WithListLevel, type ListLevel } from "../ListLevel";
import { listPath, parseRecordId, type ListKind } from "../listPaths";
import { isNotFound } from "./queries";

/** The i18n namespace (settingsLists.<ns>) of each list. */
const TEXTS: Record<ListKind, string> = { users: "users", packages: "packages", resultrecipients: "recipients" };

interface RecordFormPageProps<T extends { officeId: number | null }> {
  kind: ListKind;
  /** Loads the record of an Edit path (a react-query hook). */
  useRecord: (id: number) => UseQueryResult<T, unknown>;
  /** The New form (it may load what it needs first). */
  renderNew: (level: ListLevel) => ReactNode;
  /** The Edit form of a loaded record of this level. */
  renderEdit: (level: ListLevel, record: T) => ReactNode;
}

/**
 * A settings list's form page, the same for users, test groups and result recipients: <list>/new
 * shows the New form, <list>/:id/edit loads the record and shows the Edit form, or "not found" for
 * an id that is not a number, a 404, or a record of another level.
 */
export function RecordFormPage<T extends { officeId: number | null }>(props: RecordFormPageProps<T>) {
  const { id } = useParams();
  return (
    <WithListLevel kind={props.kind}>
      {(level) => (id === undefined ? props.renderNew(level) : <EditRecord idParam={id} level={level} {...props} />)}
    </WithListLevel>
  );
}

function ListRecordNotFound({ kind, level }: { kind: ListKind; level: ListLevel }) {
  const { t } = useTranslation();
  const ns = `settingsLists.${TEXTS[kind]}`;
  return (
    <RecordNotFound
      title={t(`${ns}.notFoundTitle`)}
      message={t(`${ns}.messages.notFound`)}
      backTo={listPath(kind, level.officeId)}
      backLabel={t(`${ns}.backToList`)}
      crumbs={level.crumbs}
    />
  );
}

function EditRecord<T extends { officeId: number | null }>({ idParam, level, ...props }: RecordFormPageProps<T> & { idParam: string; level: ListLevel }) {
  const id = parseRecordId(idParam);
  if (id === null) return <ListRecordNotFound kind={props.kind} level={level} />;
  return <LoadedRecord id={id} level={level} {...props} />;
}

function LoadedRecord<T extends { officeId: number | null }>({ id, level, kind, useRecord, renderEdit }: RecordFormPageProps<T> & { id: number; level: ListLevel }) {
  const query = useRecord(id);
  const notFound = <ListRecordNotFound kind={kind} level={level} />;
  return (
    <RemoteData query={query} renderError={(err) => (isNotFound(err) ? notFound : undefined)}>
      {/* A record of another level read through this level's path is not this list's record. */}
      {(record) => (record.officeId === level.officeId ? renderEdit(level, record) : notFound)}
    </RemoteData>
  );
}
