import { useState } from "react";
import { Anchor, Button, Group, Stack } from "@mantine/core";
import { Link } from "react-router";
import type { NewsListEntry } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { formatDate } from "../../../i18n/format";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { EmptyState, RemoteData } from "../../../ui/RemoteData";
import { DataTable } from "../../../ui/DataTable";
import { Pager } from "../../../ui/Pager";
import { StatusTag } from "../../../ui/StatusTag";
import { confirmDelete } from "../../../ui/ConfirmDialog";
import { notifyResult } from "../../../ui/form";
import { useStartup } from "../../../ui/startup";
import { useAdminNewsList, useDeleteArticle, usePublishArticle } from "./queries";

const TONE = { draft: "neutral", PUBLISHED: "good", ARCHIVED: "note" } as const;

/** /admin/news: every article with its state; publish (unpublished ones only), edit and delete. */
export default function AdminNewsListPage() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const { home } = useStandardCrumbs();
  const [page, setPage] = useState(1);
  const query = useAdminNewsList(page);
  const publish = usePublishArticle({
    onSuccess: () => notifyResult(t("news.messages.published"), true),
    onError: () => notifyResult(t("news.messages.publishFailure"), false),
  });
  const remove = useDeleteArticle({
    onSuccess: () => notifyResult(t("news.messages.deleted"), true),
    onError: () => notifyResult(t("news.messages.deleteFailure"), false),
  });
  const busy = (m: { isPending: boolean; variables?: number }, id: number) => m.isPending && m.variables === id;
  const createLink = (
    <Button component={Link} to="/admin/news/create">
      {t("newsAdmin.create")}
    </Button>
  );
  const actions = (a: NewsListEntry) => (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to={`/admin/news/${a.id}/edit`} size="xs" variant="default" aria-label={t("newsAdmin.editNamed", { title: a.title })}>
        {t("ui.edit")}
      </Button>
      {a.status !== "PUBLISHED" && (
        <Button size="xs" onClick={() => publish.mutate(a.id)} disabled={publish.isPending} aria-label={busy(publish, a.id) ? undefined : t("newsAdmin.publishNamed", { title: a.title })}>
          {busy(publish, a.id) ? t("newsAdmin.publishing") : t("newsAdmin.publish")}
        </Button>
      )}
      <Button
        size="xs"
        color="red"
        variant="light"
        disabled={remove.isPending}
        aria-label={busy(remove, a.id) ? undefined : t("newsAdmin.deleteNamed", { title: a.title })}
        onClick={() => confirmDelete({ message: t("newsAdmin.confirmDelete", { title: a.title }), onConfirm: () => remove.mutate(a.id) })}
      >
        {busy(remove, a.id) ? t("newsAdmin.deleting") : t("ui.delete")}
      </Button>
    </Group>
  );
  return (
    <>
      <PageHeader title={t("newsAdmin.title")} breadcrumbs={[home, { label: t("newsAdmin.hub.title"), to: "/admin" }]} actions={createLink} />
      <RemoteData
        query={query}
        errorTitle={t("news.messages.loadArticlesFailure")}
        isEmpty={(d) => d.articles.length === 0}
        empty={<EmptyState message={t("newsAdmin.empty")} action={createLink} />}
      >
        {(data) => (
          <Stack gap="md">
            <DataTable
              caption={t("newsAdmin.title")}
              captionHidden
              columns={[
                {
                  key: "title",
                  header: t("newsAdmin.fields.title"),
                  rowHeader: true,
                  cell: (a) => (a.status === "PUBLISHED" ? <Anchor component={Link} to={`/news/${a.slug}`}>{a.title}</Anchor> : a.title),
                },
                { key: "status", header: t("newsAdmin.fields.status"), cell: (a) => <StatusTag tone={TONE[a.status]}>{t(`newsAdmin.status.${a.status}`)}</StatusTag> },
                { key: "published", header: t("newsAdmin.fields.publishedAt"), nowrap: true, cell: (a) => (a.published_at ? formatDate(a.published_at, language) : "—") },
                { key: "updated", header: t("newsAdmin.fields.updatedAt"), nowrap: true, cell: (a) => formatDate(a.updated_at, language) },
                { key: "actions", header: t("newsAdmin.fields.actions"), headerHidden: true, cell: actions },
              ]}
              rows={data.articles}
              rowKey={(a) => a.id}
              minWidth={720}
            />
            <Pager page={page} pageCount={data.pageCount} onChange={setPage} label={t("newsAdmin.pages")} />
          </Stack>
        )}
      </RemoteData>
    </>
  );
}
