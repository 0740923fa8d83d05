import { useEffect, useState } from "react";
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import { ENDED_PHONE_CALL_STATUSES, ivrMessages, phoneCallMessages, type DevPhoneCall, type IvrCallView } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { useStartup } from "../../../ui/startup";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { RemoteData, EmptyState } from "../../../ui/RemoteData";
import { DataTable, type DataColumn } from "../../../ui/DataTable";
import { Pager } from "../../../ui/Pager";
import { formatDateTime } from "../../../i18n/format";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { useHandset, type HandsetPhase } from "./useHandset";
import { useDevPhoneCalls } from "./queries";

const catalogs = { "phoneCalls.messages": phoneCallMessages, "calls.ivr.messages": ivrMessages };

/**
 * /dev/phone (development tool, never in production; the provider's Administrator only, as the
 * mailbox): the calls the local voice provider placed ring here. Answering one runs the phone test
 * on it with the IVR engine, this page playing the candidate's handset.
 */
export default function DevPhonePage() {
  const { t } = useTranslation();
  const { language } = useStartup();
  const { home } = useStandardCrumbs();
  const [page, setPage] = useState(1);
  const [answering, setAnswering] = useState<DevPhoneCall | null>(null);
  const calls = useDevPhoneCalls(page, answering !== null);

  const columns: DataColumn<DevPhoneCall>[] = [
    { key: "to", header: t("phoneCalls.dev.to"), cell: (c) => c.to, rowHeader: true, nowrap: true },
    { key: "candidate", header: t("phoneCalls.dev.candidate"), cell: (c) => c.candidateName },
    { key: "test", header: t("phoneCalls.dev.test"), cell: (c) => c.testDescription },
    { key: "at", header: t("phoneCalls.dev.at"), cell: (c) => formatDateTime(c.created_at, language), nowrap: true },
    // Dark text on the light badge: the light green badge's own text failed colour contrast.
    { key: "status", header: t("phoneCalls.dev.status"), cell: (c) => <Badge variant="light" color={c.status === "ringing" ? "blue" : "gray"} c={c.status === "ringing" ? "blue.9" : "gray.9"}>{t(`phoneCalls.status.${c.status}`)}</Badge> },
    {
      key: "actions",
      header: t("ui.actions"),
      headerHidden: true,
      cell: (c) =>
        c.status === "ringing" || c.status === "in_progress" ? (
          <Button size="compact-sm" onClick={() => setAnswering(c)} disabled={answering !== null} aria-label={t("phoneCalls.dev.answerCall", { to: c.to })}>
            {t("phoneCalls.dev.answer")}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader title={t("phoneCalls.dev.title")} breadcrumbs={[home]} />
      <Text c="gray.7" mb="md">
        {t("phoneCalls.dev.lead")}
      </Text>
      {answering && (
        <Handset
          key={answering.id}
          phoneCall={answering}
          onClose={() => {
            setAnswering(null);
            void calls.refetch();
          }}
        />
      )}
      <RemoteData query={calls} isEmpty={(d) => d.calls.length === 0} empty={<EmptyState message={t("phoneCalls.dev.empty")} />}>
        {(d) => (
          <>
            <DataTable caption={t("phoneCalls.dev.calls")} columns={columns} rows={d.calls} rowKey={(c) => c.id} minWidth={720} />
            <Pager page={page} pageCount={d.pageCount} onChange={setPage} />
          </>
        )}
      </RemoteData>
    </>
  );
}

/** What the line says at this point besides the test's own prompts: hold, again, silence, how to answer, goodbye. */
function lineOf(view: IvrCallView, phase: HandsetPhase): string | null {
  const { lines, step } = view;
  if (phase === "ended") return view.submitted ? lines.goodbye : lines.ended;
  if (!step) return null;
  if (step.prompt.kind === "wait") return step.prompt.text;
  if (step.again === "repeat") return lines.again;
  if (step.again === "silence") return lines.silence;
  return phase === "recording" ? lines.how_to_answer : null;
}

function Handset({ phoneCall, onClose }: { phoneCall: DevPhoneCall; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(catalogs);
  const handset = useHandset(phoneCall.id);
  const { answer } = handset;
  // Answer is the pick-up: the engine starts the test on this call at once.
  useEffect(() => void answer(), [answer]);
  const { view, phase } = handset;
  const step = view?.step ?? null;
  const over = phase === "ended" || phase === "failed" || (ENDED_PHONE_CALL_STATUSES as readonly string[]).includes(phoneCall.status);
  const holding = step?.prompt.kind === "wait";
  const promptText = step?.prompt.text ?? null;
  const line = view && lineOf(view, phase);
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} mb="lg" component="section" aria-labelledby="handset-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="handset-title">
          {t("phoneCalls.dev.handset", { to: phoneCall.to })}
        </Title>
        <Text size="sm">{phoneCall.testDescription}</Text>
        <Text role="status" aria-live="polite" fw={600} data-testid="handset-phase">
          {t(`phoneCalls.dev.phase.${phase}`)}
        </Text>
        {/* What the line itself says (the engine's lines, in the call's prompt language). */}
        {view && !over && (
          <Text size="sm" lang={view.lines.speech} data-testid="handset-welcome">
            {view.lines.welcome}
          </Text>
        )}
        {step && !over && !holding && (
          <>
            <Progress value={(100 * step.index) / step.total} aria-label={t("phoneCalls.dev.progress", { step: step.index + 1, total: step.total })} />
            <Text size="sm">{t("phoneCalls.dev.progress", { step: step.index + 1, total: step.total })}</Text>
          </>
        )}
        {line && (
          <Text size="sm" fw={600} lang={view?.lines.speech} data-testid="handset-line">
            {line}
          </Text>
        )}
        {step && !over && promptText && !holding && (
          <Text fs="italic" lang={step.prompt.kind === "say" ? step.prompt.language : undefined}>
            {promptText}
          </Text>
        )}
        {view && phase === "ended" && <Text>{t("phoneCalls.dev.responses", { count: view.responses })}</Text>}
        {phase === "failed" && (
          <Alert color="red" variant="light" role="alert">
            {errorText(handset.error)}
          </Alert>
        )}
        <Group gap="sm">
          {phase === "recording" && <Button onClick={handset.doneSpeaking}>{t("phoneCalls.dev.doneSpeaking")}</Button>}
          {phase === "recording" && (
            <Button variant="default" onClick={handset.noResponse}>
              {t("phoneCalls.dev.noResponse")}
            </Button>
          )}
          {(phase === "prompt" || phase === "recording") && step && step.repeats_left > 0 && !holding && (
            <Button variant="default" onClick={handset.repeat}>
              {t("phoneCalls.dev.repeat")}
            </Button>
          )}
          {!over && (
            <Button color="red" onClick={() => void handset.hangUp()}>
              {t("phoneCalls.dev.hangUp")}
            </Button>
          )}
          {over && (
            <Button variant="default" onClick={onClose}>
              {t("ui.close")}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
