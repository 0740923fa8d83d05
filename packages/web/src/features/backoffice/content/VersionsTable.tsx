import { useState } from "react";
import { Stack, Title } from "@mantine/core";
import type { ContentVersionRow } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { formatDateTime } from "../../../i18n/format";
import { EmptyState, RemoteData } from "../../../ui/RemoteData";
import { DataTable } from "../../../ui/DataTable";
import { Pager } from "../../../ui/Pager";
import { StatusTag } from "../../../ui/StatusTag";
import { useStartup } from "../../../ui/startup";
import { useContentVersions } from "./queries";
import { MessageList } from "./ContentMessages";

/** The test's content versions, newest first: the current one is what new attempts start on; older ones stay with the attempts that began on them. */
export function VersionsTable({ testId }: { testId: number }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const [page, setPage] = useState(1);
  const versions = useContentVersions(testId, page);
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t("boContent.versions.title")}
      </Title>
      <RemoteData query={versions} isEmpty={(d) => d.itemCount === 0} empty={<EmptyState message={t("boContent.versions.empty")} />}>
        {(data) => (
          <Stack gap="sm">
            <MessageList messages={data.warnings} label={t("boContent.versions.warnings")} />
            <DataTable
              caption={t("boContent.versions.title")}
              captionHidden
              minWidth={760}
              rows={data.versions}
              rowKey={(v) => v.id}
              columns={[
                {
                  key: "number",
                  header: t("boContent.versions.number"),
                  rowHeader: true,
                  nowrap: true,
                  cell: (v: ContentVersionRow) => (
                    <>
                      {t("boContent.versions.numbered", { number: v.number })}
                      {v.is_current && (
                        <>
                          {" "}
                          <StatusTag tone="good">{t("boContent.versions.current")}</StatusTag>
                        </>
                      )}
                    </>
                  ),
                },
                { key: "at", header: t("boContent.versions.publishedAt"), nowrap: true, cell: (v) => formatDateTime(v.imported_at, language) },
                { key: "description", header: t("boContent.summary.description"), cell: (v) => v.description },
                { key: "sections", header: t("boContent.summary.sections"), align: "right", cell: (v) => v.sections },
                { key: "questions", header: t("boContent.summary.questions"), align: "right", cell: (v) => v.questions },
                { key: "media", header: t("boContent.summary.media"), align: "right", cell: (v) => v.media },
                { key: "attempts", header: t("boContent.versions.inProgress"), align: "right", cell: (v) => `${v.in_progress} / ${v.attempts}` },
              ]}
            />
            <Pager page={page} pageCount={data.pageCount} onChange={setPage} label={t("boContent.versions.pages")} />
          </Stack>
        )}
      </RemoteData>
    </Stack>
  );
}
