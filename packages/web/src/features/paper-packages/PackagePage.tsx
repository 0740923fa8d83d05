import { Link, useParams } from "react-router";
import { Alert, Anchor, Button, Code, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { PAPER_POLL_ATTEMPTS } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { PageHeader } from "../../ui/PageHeader";
import { usePackageLink } from "./usePackageLink";

/** Where a package that never became ready is reported, with its key in the subject. */
export const SUPPORT_ADDRESS = "support@parlance.example";

/**
 * /testing/groups/{key} (client spec §2, §4): waits for the package PDF (made by a job), then
 * offers it to download and print, and to email to the proctor. When it is not ready after the
 * spec's polling it shows the package key and a support link.
 */
export default function PackagePage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const key = useParams().key ?? "";
  const state = usePackageLink(key);
  const crumbs = [home, testing, { label: t("paper.groups.title"), to: "/testing/groups" }];

  return (
    <>
      <PageHeader title={t("paper.package.title")} breadcrumbs={crumbs} />
      <Paper withBorder p={{ base: "md", sm: "lg" }} radius="md" maw={720}>
        {state.kind === "waiting" && (
          <Stack gap="xs" role="status" aria-live="polite">
            <Group gap="sm">
              <Loader size="sm" aria-hidden />
              <Text>{t("paper.package.waiting")}</Text>
            </Group>
            {state.attempt > 0 && (
              <Text size="sm" c="gray.7">
                {t("paper.package.checking", { attempt: state.attempt + 1, total: PAPER_POLL_ATTEMPTS })}
              </Text>
            )}
          </Stack>
        )}
        {state.kind === "ready" && (
          <Stack gap="md">
            <Text role="status">{t("paper.package.ready", { count: state.link.test_count })}</Text>
            <Group gap="sm" wrap="wrap">
              {/* A file the server sends, not a screen: a plain link, so the browser downloads it. */}
              <Button component="a" href={state.link.url ?? undefined} download>
                {t("paper.package.download")}
              </Button>
              <Button component={Link} to={`/testing/groups/alert/${key}`} variant="light">
                {t("paper.package.emailProctor")}
              </Button>
              <Button component={Link} to="/testing/candidates/outstanding_paper_tests" variant="subtle">
                {t("paper.package.outstanding")}
              </Button>
            </Group>
          </Stack>
        )}
        {state.kind === "failed" && (
          <Alert color="red" variant="light" role="alert" title={t("paper.package.failedTitle")}>
            <Stack gap="xs">
              <Text size="sm">{t("paper.package.failed", { key })}</Text>
              <Text size="sm">
                {t("paper.package.keyLabel")}: <Code>{key}</Code>
              </Text>
              <Anchor href={`mailto:${SUPPORT_ADDRESS}?subject=${encodeURIComponent(`Test package ${key}`)}`} size="sm">
                {t("paper.package.support")}
              </Anchor>
            </Stack>
          </Alert>
        )}
      </Paper>
    </>
  );
}
