import { Accordion, Alert, Button, Center, Group, Pagination, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { useSearchParams } from "react-router";
import { useStartup } from "../../ui/startup";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { formatDateTime } from "../../i18n/format";
import { PageLoader } from "../../ui/PageLoader";
import { MailText } from "./MailText";
import { useMailbox } from "./queries";

/**
 * /dev/mailbox (development tool, never in production): every mail the server wrote to its
 * outbox, newest first, so sign-up, reset and notification mails can be followed locally.
 */
export default function MailboxPage() {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const { language } = useStartup();
  const { home } = useStandardCrumbs();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const query = useMailbox(page);

  const setPage = (p: number) =>
    setParams((q) => {
      q.set("page", String(p));
      return q;
    });

  return (
    <>
      <PageHeader
        title={t("mailbox.title")}
        breadcrumbs={[home]}
        actions={
          <Button variant="default" size="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t("mailbox.refresh")}
          </Button>
        }
      />
      <Text c="gray.7" mb="md">
        {t("mailbox.lead")}
      </Text>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(query.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t("common.retry")}
            </Button>
          </Stack>
        </Alert>
      ) : query.data.mails.length === 0 ? (
        <Text c="gray.7">{t("mailbox.empty")}</Text>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="gray.7" aria-live="polite">
            {t("mailbox.count", { count: query.data.itemCount })}
          </Text>
          <Accordion variant="separated" multiple chevronPosition="left">
            {query.data.mails.map((m) => (
              <Accordion.Item key={m.id} value={String(m.id)}>
                <Accordion.Control>
                  <Stack gap={2}>
                    <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                      {m.subject}
                    </Text>
                    <Text size="sm" c="gray.7" style={{ overflowWrap: "anywhere" }}>
                      {t("mailbox.toAt", { to: m.to, at: formatDateTime(m.created_at, language) })}
                      {" · "}
                      {m.sent_at ? t("mailbox.sent") : t("mailbox.notSent")}
                    </Text>
                  </Stack>
                </Accordion.Control>
                <Accordion.Panel>
                  <MailText text={m.text} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          {query.data.pageCount > 1 && (
            <Center>
              <Group>
                <Pagination
                  total={query.data.pageCount}
                  value={page}
                  onChange={setPage}
                  size="sm"
                  getControlProps={(control) => ({ "aria-label": t(`mailbox.pager.${control}`) })}
                  getItemProps={(p) => ({ "aria-label": t("mailbox.pager.page", { page: p }) })}
                />
              </Group>
            </Center>
          )}
        </Stack>
      )}
    </>
  );
}
