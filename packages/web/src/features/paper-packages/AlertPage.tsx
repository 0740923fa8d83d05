import { useState } from "react";
import { Link, useParams } from "react-router";
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { PAPER_EMAIL_MAX, paperPackageMessages } from "@parlance/contract";
import { ApiCallError } from "../../api/client";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { useTranslation } from "../../i18n";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { PageHeader } from "../../ui/PageHeader";
import { FormError } from "../../ui/FormError";
import { useSendPackageAlert } from "./queries";

export const PAPER_CATALOGS = { "paper.messages": paperPackageMessages };

/**
 * /testing/groups/alert/{key} (client spec §2, §5, §8): mails the proctor the package's link with
 * instructions. An address is needed; the spec's success and failure sentences answer.
 */
export default function AlertPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const key = useParams().key ?? "";
  const [email, setEmail] = useState("");
  const [missing, setMissing] = useState(false);
  const send = useSendPackageAlert(key);
  const crumbs = [home, testing, { label: t("paper.groups.title"), to: "/testing/groups" }, { label: t("paper.package.title"), to: `/testing/groups/${key}` }];
  // A refused address says why (400 with its message); anything else is the spec's failure sentence.
  const errorText = useApiErrorText(PAPER_CATALOGS);
  const failure = send.error instanceof ApiCallError && send.error.status === 400 ? errorText(send.error) : t("paper.messages.emailFailure");

  return (
    <>
      <PageHeader title={t("paper.alert.title")} breadcrumbs={crumbs} />
      <Paper withBorder p={{ base: "md", sm: "lg" }} radius="md" maw={560}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const address = email.trim();
            setMissing(address === "");
            if (address !== "") send.mutate(address);
          }}
        >
          <Stack gap="md">
            <Text c="gray.7">{t("paper.alert.intro")}</Text>
            <TextInput
              label={t("paper.alert.email")}
              type="email"
              autoComplete="email"
              required
              maxLength={PAPER_EMAIL_MAX}
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setMissing(false);
              }}
              error={missing ? t("paper.messages.emailRequired") : undefined}
            />
            {send.isSuccess && (
              <Alert color="green" variant="light" role="status">
                {t("paper.messages.emailSuccess")}
              </Alert>
            )}
            <FormError message={send.isError ? failure : null} />
            <Group gap="sm">
              <Button type="submit" loading={send.isPending}>
                {t("paper.alert.send")}
              </Button>
              <Button component={Link} to={`/testing/groups/${key}`} variant="subtle">
                {t("paper.alert.back")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
