import { lazy, Suspense, useEffect, useState } from "react";
import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import type { TestShowView } from "@parlance/contract";
import { ApiCallError } from "../../../api/client";
import { PreludeInstructions } from "./PreludeInstructions";
import { HonorStatement } from "./HonorStatement";
import { canStart, needsCall, proctorPending, takenOnline } from "./stages";
import { limitMinutes } from "./clock";
import { useStartTest } from "./queries";
import { useReason } from "./LoadError";
import { useFocusOnMount } from "./useFocusOnMount";
import { withQueryLayer } from "../../../ui/withQueryLayer";

// Only a test that continues by phone shows the call's section: its own chunk, off the other preludes' first screen.
const PhoneCallSection = lazy(() => import("./PhoneCallSection").then((m) => ({ default: m.PhoneCallSection })));
// Only a proctored test shows the proctor's steps (password field, agreement): their own chunk too.
const ProctorSteps = lazy(withQueryLayer(() => import("./ProctorSteps").then((m) => m.ProctorSteps)));
// The start dialog is opened by a click: it loads once the prelude is drawn, not before it (issue 26 §3).
const StartDialog = lazy(() => import("./StartDialog").then((m) => ({ default: m.StartDialog })));

/**
 * The prelude (spec §2): the test's name and time limit, instructions by method, the honor
 * statement, the proctor's steps when the test needs them, and Start with its confirm dialog.
 * Confirming calls start_test; its content is kept for the test screen. A test that continues by
 * phone asks for its call here first (the call holds while the online part is taken).
 */
export function Prelude({ show, onStarted, onRefresh }: { show: TestShowView; onStarted: () => void; onRefresh: () => void }) {
  const { t } = useTranslation();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [honor, setHonor] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [waitNotice, setWaitNotice] = useState(false);
  const [callRequested, setCallRequested] = useState(false);
  const callFirst = needsCall(show, callRequested);
  const pending = proctorPending(show);
  const online = takenOnline(show);
  const minutes = show.timeLimit === null ? null : limitMinutes(show.timeLimit);
  // The server's own "wait for the proctor" lasts until the proctor's steps are seen done.
  useEffect(() => {
    if (!pending) setWaitNotice(false);
  }, [pending]);
  // Start waits for the proctor's steps (spec §2: disabled until the prelude allows it); the notice says why and goes with them.
  const waiting = pending || waitNotice;
  const startBlocked = !canStart(show, honor, callRequested);
  const startDescription = [waiting && "prelude-wait", callFirst && "prelude-call-first"].filter(Boolean).join(" ") || undefined;

  const start = useStartTest(
    show.assignedTestId,
    () => {
      setConfirming(false);
      onStarted();
    },
    (err) => {
      setConfirming(false);
      // The server still waits for the proctor: the candidate is told to wait, not that something broke.
      if (err instanceof ApiCallError && err.messageKey === "taking.messages.needsProctor") {
        setWaitNotice(true);
        start.reset();
        onRefresh();
      }
    },
  );
  const reason = useReason(start.error);

  function askToStart() {
    if (startBlocked) return;
    start.reset();
    setConfirming(true);
  }

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          {show.description}
        </Title>
        <Text c="gray.7">{minutes === null ? t("takingStages.prelude.untimed") : t("takingStages.prelude.timeLimit", { count: minutes })}</Text>
      </Stack>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="prelude-instructions">
        <Stack gap="sm">
          <Title order={3} size="h4" id="prelude-instructions">
            {t("takingStages.prelude.instructions")}
          </Title>
          <PreludeInstructions show={show} />
        </Stack>
      </Paper>

      {show.phoneContinued && online && (
        <Suspense fallback={null}>
          <PhoneCallSection show={show} where="prelude" onRequested={() => setCallRequested(true)} />
        </Suspense>
      )}

      {pending && (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="prelude-proctor">
          <Stack gap="md">
            <Title order={3} size="h4" id="prelude-proctor">
              {t("takingStages.prelude.proctorSteps")}
            </Title>
            <Suspense fallback={null}>
              <ProctorSteps show={show} onDone={onRefresh} />
            </Suspense>
          </Stack>
        </Paper>
      )}

      {online && (
        <Stack gap="md">
          <HonorStatement variant={show.honorStatement} checked={honor} onChange={setHonor} />
          {waiting && (
            <Alert color="orange" variant="light" id="prelude-wait">
              {t("takingFlow.errors.waitToContinue")}
            </Alert>
          )}
          {start.isError && !waiting && (
            <Alert color="red" variant="light" role="alert" title={t("takingFlow.errors.accessFailure")}>
              {reason && <Text size="sm">{t("takingFlow.errors.reason", { reason })}</Text>}
            </Alert>
          )}
          {callFirst && <Text id="prelude-call-first">{t("takingStages.phoneCall.callFirst")}</Text>}
          <Group>
            <Button size="md" onClick={askToStart} disabled={startBlocked} aria-describedby={startDescription}>
              {t("takingStages.prelude.start")}
            </Button>
          </Group>
        </Stack>
      )}

      {online && (
        <Suspense fallback={null}>
          <StartDialog opened={confirming} minutes={minutes} pending={start.isPending} onCancel={() => setConfirming(false)} onConfirm={() => start.mutate()} />
        </Suspense>
      )}
    </Stack>
  );
}
