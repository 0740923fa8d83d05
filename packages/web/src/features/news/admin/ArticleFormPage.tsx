import { useEffect, useState, type FormEvent } from "react";
import { Alert, Checkbox, Paper, Stack, TextInput, Textarea } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router";
import { adminNewsRoutes, NEWS_LIMITS, newsMessages, type ArticleInput } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { call } from "../../../api/client";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { PageLoader } from "../../../ui/PageLoader";
import { FormActions, isBlank, notifyResult } from "../../../ui/form";
import { FormError } from "../../../ui/FormError";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { useAdminArticle } from "./queries";

type Fields = Required<ArticleInput>;
const EMPTY: Fields = { title: "", slug: "", summary: "", content: "", tags: "", featured_image_url: "", is_featured: false };

/**
 * /admin/news/create and /admin/news/{id}/edit: the article form (spec §4, §5). Create mode without
 * an id, edit mode with one (the article loaded first). A blank title stops the form with 'Title is
 * required' and sends nothing; a save shows busy, then goes back to the list, or shows the failure.
 */
export default function ArticleFormPage() {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useApiErrorText({ "news.messages": newsMessages });
  const { id: idParam } = useParams();
  const articleId = idParam ? Number(idParam) : undefined;
  const editing = articleId !== undefined;
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const article = useAdminArticle(articleId, editing);
  useEffect(() => {
    const a = article.data;
    if (a) setFields({ title: a.title, slug: a.slug, summary: a.summary, content: a.content, tags: a.tag_list, featured_image_url: a.featured_image_url, is_featured: a.is_featured });
  }, [article.data]);

  const title = editing ? t("newsAdmin.editTitle") : t("newsAdmin.createTitle");
  const crumbs = [home, { label: t("newsAdmin.hub.title"), to: "/admin" }, { label: t("newsAdmin.title"), to: "/admin/news" }];
  const set = <K extends keyof Fields>(key: K) => (value: Fields[K]) => setFields((f) => ({ ...f, [key]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    if (isBlank(fields.title)) {
      setTitleError(t("news.messages.titleRequired"));
      return;
    }
    setTitleError(null);
    setSaving(true);
    try {
      if (editing) await call(adminNewsRoutes.update, fields, { id: articleId });
      else await call(adminNewsRoutes.create, fields);
      await queryClient.invalidateQueries({ queryKey: ["news"] });
      notifyResult(t("newsAdmin.saved"), true);
      void navigate("/admin/news");
    } catch (err) {
      const base = editing ? t("news.messages.updateFailure") : t("news.messages.createFailure");
      const detail = errorText(err);
      setFailure(detail && detail !== t("specMessages.generic") ? `${base}: ${detail}` : base);
      setSaving(false);
    }
  }

  if (editing && (article.isPending || article.isError)) {
    return (
      <>
        <PageHeader title={title} breadcrumbs={crumbs} />
        {article.isError || !Number.isInteger(articleId) ? (
          <Alert color="red" variant="light" role="alert">
            {t("news.messages.loadArticleFailure")}
          </Alert>
        ) : (
          <PageLoader />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader title={title} breadcrumbs={crumbs} />
      <Paper withBorder p={{ base: "md", sm: "lg" }} maw={860}>
        <form onSubmit={(e) => void submit(e)} noValidate aria-busy={saving || undefined}>
          <Stack gap="md">
            <TextInput
              label={t("newsAdmin.fields.title")}
              required
              value={fields.title}
              onChange={(e) => set("title")(e.currentTarget.value)}
              maxLength={NEWS_LIMITS.title}
              error={titleError}
            />
            <TextInput
              label={t("newsAdmin.fields.slug")}
              description={t("newsAdmin.fields.slugHelp")}
              value={fields.slug}
              onChange={(e) => set("slug")(e.currentTarget.value)}
              maxLength={NEWS_LIMITS.slug}
            />
            <Textarea
              label={t("newsAdmin.fields.summary")}
              description={t("newsAdmin.fields.summaryHelp", { max: NEWS_LIMITS.summary })}
              value={fields.summary}
              onChange={(e) => set("summary")(e.currentTarget.value)}
              maxLength={NEWS_LIMITS.summary}
              autosize
              minRows={2}
            />
            <TextInput
              label={t("newsAdmin.fields.featuredImageUrl")}
              description={t("newsAdmin.fields.featuredImageUrlHelp")}
              value={fields.featured_image_url}
              onChange={(e) => set("featured_image_url")(e.currentTarget.value)}
              maxLength={NEWS_LIMITS.featuredImageUrl}
            />
            <Textarea
              label={t("newsAdmin.fields.content")}
              description={t("newsAdmin.fields.contentHelp")}
              value={fields.content}
              onChange={(e) => set("content")(e.currentTarget.value)}
              autosize
              minRows={8}
              maxRows={24}
              styles={{ input: { fontFamily: "monospace" } }}
            />
            <TextInput
              label={t("newsAdmin.fields.tags")}
              description={t("newsAdmin.fields.tagsHelp")}
              value={fields.tags}
              onChange={(e) => set("tags")(e.currentTarget.value)}
              maxLength={NEWS_LIMITS.tags}
            />
            <Checkbox label={t("newsAdmin.fields.isFeatured")} checked={fields.is_featured} onChange={(e) => set("is_featured")(e.currentTarget.checked)} />
            <FormError message={failure} />
            <FormActions saving={saving} cancelTo="/admin/news" />
          </Stack>
        </form>
      </Paper>
    </>
  );
}
