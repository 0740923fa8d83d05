import { Link } from "react-router";
import { Alert, Anchor, Button, Group, List, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { assignmentsHref } from "./transport";
import { useStoredUpload } from "./useStoredUpload";
import { PageLoader } from "../../ui/PageLoader";
import { CANDIDATES_LIST, UPLOAD_PATH } from "./paths";
import { NoUpload } from "./NoUpload";

/** /testing/candidates/confirm: what the import did, the assignments download and the group. */
export default function ConfirmPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const stored = useStoredUpload();
  const done = stored.state?.confirmation;
  const title = t("upload.confirmTitle");
  if (stored.status === "loading") return <PageLoader />;
  if (!done) return <NoUpload title={title} />;
  return (
    <>
      <PageHeader title={title} breadcrumbs={[home, testing, { label: t("candidates.title"), to: CANDIDATES_LIST }]} />
      <Stack gap="md" maw={720}>
        <Alert color="green" variant="light" role="status">
          <Text fw={700} mb={4}>
            {t("upload.imported")}
          </Text>
          <List size="sm">
            {done.kind === "upload" ? (
              <>
                <List.Item>{t("upload.done.assignments", { count: done.assignments })}</List.Item>
                <List.Item>{t("upload.done.created", { count: done.candidatesCreated })}</List.Item>
                <List.Item>{t("upload.done.notified", { count: done.candidatesNotified })}</List.Item>
              </>
            ) : (
              <List.Item>{t("upload.done.updated", { count: done.candidatesUpdated })}</List.Item>
            )}
          </List>
        </Alert>
        {done.groupKey && (
          <Paper withBorder p="md">
            <Text>{t("upload.groupKey", { key: done.groupKey, count: done.size })}</Text>
          </Paper>
        )}
        {done.totalErrors > 0 && <Text c="red.8">{t("upload.done.skipped", { count: done.totalErrors })}</Text>}
        <Group>
          {done.assignments > 0 && (
            <Anchor href={assignmentsHref(done.data)} download>
              {t("upload.downloadAssignments")}
            </Anchor>
          )}
          <Button component={Link} to={CANDIDATES_LIST}>
            {t("upload.toCandidates")}
          </Button>
          <Button component={Link} to={UPLOAD_PATH} variant="default">
            {t("upload.another")}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
