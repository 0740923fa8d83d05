import { useState, type FormEvent } from "react";
import { Autocomplete, Button, Loader, Paper, Stack, Text } from "@mantine/core";
import { adminRoutes, impersonationMessages } from "@parlance/contract";
import { call } from "../../api/client";
import { useTranslation } from "../../i18n";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { FormError } from "../../ui/FormError";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { useUserSearch } from "./useUserSearch";

/**
 * /impersonate (evaluators-results-account.md §2, §5, §7): an email address, with suggestions from
 * GET /search_users; POST /impersonate_user opens a new session as that user (the server decides who
 * may be acted as). The page then reloads so every screen starts afresh as them, with the
 * "acting as" banner on top.
 */
export default function ImpersonatePage() {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const errorText = useApiErrorText({ "admin.impersonate.errors": impersonationMessages });
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const search = useUserSearch(email);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const value = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return setFieldError(t("admin.impersonate.invalidEmail"));
    setFieldError(null);
    setBusy(true);
    try {
      const res = await call(adminRoutes.impersonateUser, { email_address: value });
      window.location.assign(res.redirect);
    } catch (err) {
      setFormError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader title={t("admin.impersonate.title")} breadcrumbs={[home, { label: t("admin.hub.title"), to: "/admin" }]} />
      <Paper withBorder p="lg" radius="md" maw={560}>
        <form onSubmit={onSubmit} noValidate aria-busy={busy}>
          <Stack gap="md">
            <Text size="sm" c="gray.7">
              {t("admin.impersonate.lead")}
            </Text>
            <FormError message={formError} />
            <Autocomplete
              label={t("admin.impersonate.email")}
              description={t("admin.impersonate.hint")}
              value={email}
              // Mantine writes a chosen option's label (name <email>) into the field; keep its value, the email.
              onChange={(typed) => setEmail(search.results.find((r) => r.label === typed)?.value ?? typed)}
              data={search.results}
              filter={({ options }) => options}
              maxLength={125}
              autoComplete="off"
              error={fieldError}
              rightSection={search.loading ? <Loader size="xs" aria-label={t("admin.impersonate.searching")} /> : null}
              comboboxProps={{ withinPortal: true }}
            />
            {search.failed && (
              <Text size="sm" c="red.8" role="alert">
                {t("admin.impersonate.searchFailed")}
              </Text>
            )}
            <Button type="submit" loading={busy} style={{ alignSelf: "flex-start" }}>
              {t("admin.impersonate.submit")}
            </Button>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
