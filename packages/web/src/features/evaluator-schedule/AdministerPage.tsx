import { useState } from "react";
import { Link, useParams } from "react-router";
import { Alert, Button, Group, Paper, Radio, Stack, Text } from "@mantine/core";
import { LIVE_START_EARLY_MINUTES, type AdministerView } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { formatClockTime, formatDate } from "../../i18n/format";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { useStartup } from "../../ui/startup";
import { RemoteData } from "../../ui/RemoteData";
import { FormError } from "../../ui/FormError";
import { notifyResult } from "../../ui/form";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { actionCatalogs, useAdministerView, useSubmitObjectiveScores } from "./queries";
import { VideoRoom } from "../video";

/**
 * /testing/evaluators/administer/{id} (evaluators-results-account.md §2, §5, §7): the items of a
 * live or video test, each given one of the objective states; every item needs a value ('Please
 * select a value for each item.'). Submitting ends the attempt; the result is then scored.
 */
export default function AdministerPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const id = Number(useParams().id);
  const query = useAdministerView(Number.isInteger(id) && id > 0 ? id : 0);
  return (
    <>
      <PageHeader title={t("evaluatorActions.administerTitle")} breadcrumbs={[home, testing, { label: t("evaluatorSchedule.title"), to: "/testing/evaluators/schedule" }]} />
      <RemoteData query={query} skeletonRows={5} errorTitle={t("evaluatorActions.messages.loadFailure")}>
        {(data) => <AdministerForm data={data} />}
      </RemoteData>
    </>
  );
}

function AdministerForm({ data }: { data: AdministerView }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const errorText = useApiErrorText(actionCatalogs);
  const submit = useSubmitObjectiveScores(data.candidateTestId);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(data.items.filter((i) => i.state_id !== null).map((i) => [i.id, i.state_id!])),
  );
  const [error, setError] = useState<string | null>(null);
  const [scored, setScored] = useState<number | null>(null);
  const done = data.administered || scored !== null;

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (data.items.some((i) => !values[i.id])) {
      setError(t("evaluatorActions.messages.selectEachItem"));
      return;
    }
    setError(null);
    submit.mutate(values, {
      onSuccess: (r) => {
        setScored(r.candidateTestId);
        notifyResult(t(r.messageKey, { defaultValue: r.message }), true);
      },
      onError: (err) => setError(errorText(err)),
    });
  };
  const itemText = (item: AdministerView["items"][number]) => (item.kind === "session" ? t("evaluatorActions.sessionItem") : item.text);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg" maw={880}>
        <div>
          <Text fw={600}>{data.testDescription}</Text>
          <Text c="gray.7">
            {t("evaluatorActions.administerIntro", {
              candidate: data.candidateName,
              date: formatDate(data.datetime, language, data.timeZone),
              time: formatClockTime(data.datetime, language, data.timeZone),
            })}
          </Text>
        </div>
        {!done && !data.open && (
          <Alert color="blue" variant="light" role="status">
            {t("evaluatorActions.opensAt", {
              date: formatDate(data.opensAt, language, data.timeZone),
              time: formatClockTime(data.opensAt, language, data.timeZone),
              minutes: LIVE_START_EARLY_MINUTES,
            })}
          </Alert>
        )}
        {/* A video test: the evaluator meets the candidate in its room while administering it. */}
        {data.useVideo && !done && <VideoRoom role="evaluator" assignedTestId={data.candidateTestId} />}
        {data.items.map((item, n) => (
          <Paper key={item.id} withBorder p="md" radius="md">
            <Radio.Group
              label={t("evaluatorActions.itemLabel", { number: n + 1, section: item.section_name })}
              description={<span style={{ whiteSpace: "pre-line" }}>{itemText(item)}</span>}
              value={values[item.id] ?? null}
              onChange={(v) => setValues((old) => ({ ...old, [item.id]: v }))}
              readOnly={done}
            >
              <Group mt="xs" gap="lg">
                {data.states.map((s) => (
                  <Radio key={s.id} value={s.id} label={t(`evaluatorActions.states.${s.id}`, { defaultValue: s.name })} disabled={done} />
                ))}
              </Group>
            </Radio.Group>
          </Paper>
        ))}
        <FormError message={error} />
        {done ? (
          // The light green's own title colour is below 4.5:1 on its background: the title is dark grey.
          <Alert color="green" variant="light" title={t("evaluatorActions.messages.administered")} styles={{ title: { color: "var(--mantine-color-gray-9)" } }}>
            {scored !== null && (
              <Button component={Link} to={`/testing/results/${scored}/edit`} variant="white" mt="xs">
                {t("evaluatorActions.scoreNow")}
              </Button>
            )}
          </Alert>
        ) : (
          <Group>
            <Button type="submit" loading={submit.isPending} disabled={!data.open}>
              {t("evaluatorActions.submitScores")}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
