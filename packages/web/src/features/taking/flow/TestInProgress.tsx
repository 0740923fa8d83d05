import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import type { TestContentView, TestShowView } from "@parlance/contract";
import { DeliveryFileOffer, loadDeliveryOffer, loadReceiptCheck, loadSealing, useAnswerStore } from "../answers";
import { useSubmitTest, useTestContent, useTestSections } from "./queries";
import { FlowLoader } from "./FlowLoader";
import { LoadError, useReason } from "./LoadError";
import { latestReading, secondsUsed, warningDue, type ClockReading } from "./clock";
import { movesAt, newestAnswerPage, nextOf, previousOf, resumePlace, type Place } from "./navigation";
import { isQuestionItem, questionsOf, type Question } from "./questions";
import { unansweredWarnings, type UnansweredWarning } from "./warnings";
import { useCountdown } from "./useCountdown";
import { useHeartbeat } from "./useHeartbeat";
import { ProgressBox } from "./ProgressBox";
import { SectionPage } from "./SectionPage";
import { itemAnchor } from "./ItemBlock";
import { preloadAudioPlayer } from "./MediaItem";
import { preloadable } from "../../../ui/preloadable";
import { afterFirstScreen } from "../../../ui/firstScreen";
import type { Receipt } from "./stages";

// Not needed to show the test's page (issue 12): the review screen (a Table), the submit dialogs
// (Modal) and the audio player download once the page is shown, so that they are here before they
// are asked for, and still when the network drops later.
const reviewScreen = () => import("./ReviewScreen");
const dialogs = () => import("./SubmitDialogs");
const ReviewScreen = preloadable(() => reviewScreen().then((m) => m.ReviewScreen));
const FiveMinutesDialog = preloadable(() => dialogs().then((m) => m.FiveMinutesDialog));
const UnansweredDialog = preloadable(() => dialogs().then((m) => m.UnansweredDialog));
const ConfirmSubmitDialog = preloadable(() => dialogs().then((m) => m.ConfirmSubmitDialog));
function preloadTheRest() {
  for (const part of [ReviewScreen, FiveMinutesDialog, UnansweredDialog, ConfirmSubmitDialog]) part.preload();
  preloadAudioPlayer();
  void loadSealing().catch(() => undefined);
  void loadDeliveryOffer().catch(() => undefined);
  // In memory before the submit, which may come when the network is gone.
  void loadReceiptCheck().catch(() => undefined);
}

/** The test in progress: its content comes from start_test (which resumes a started attempt). */
export function TestInProgress({ show, onFinished }: { show: TestShowView; onFinished: (r: Receipt) => void }) {
  const content = useTestContent(show.assignedTestId, true);
  // Once the first page is drawn (ui/firstScreen.tsx), not alongside its own code and data.
  useEffect(() => void afterFirstScreen().then(preloadTheRest), []);
  if (content.isPending) return <FlowLoader />;
  if (content.isError) return <LoadError error={content.error} onRetry={() => void content.refetch()} retrying={content.isFetching} />;
  return <TestRunner show={show} content={content.data} contentReadAt={content.dataUpdatedAt} onFinished={onFinished} />;
}

/**
 * Pages, navigation, review and submit (spec §2, §4, §5). Answers live in the answer store (browser
 * first, then the server); the clock follows the server's newest reading; when it runs out the test
 * is submitted.
 */
function TestRunner({ show, content, contentReadAt, onFinished }: { show: TestShowView; content: TestContentView; contentReadAt: number; onFinished: (r: Receipt) => void }) {
  const { t } = useTranslation();
  const id = show.assignedTestId;
  const store = useAnswerStore(id, true, content.journal ?? null);
  const pageCount = content.candidate_test_sections.length;
  const [place, setPlace] = useState<Place>(() => resumePlace(content.current_section, pageCount));
  const mountedAt = useRef(Date.now());

  // Every page is loaded at once: the review and the warnings need all questions, and a page
  // already here still shows when the network drops.
  const sections = useTestSections(id, content);

  // What the server holds is merged into the store once per load of a page (the newer answer wins).
  const seeded = useRef(new Map<number, number>());
  useEffect(() => {
    sections.forEach((q, i) => {
      if (!q.data || seeded.current.get(i) === q.dataUpdatedAt) return;
      seeded.current.set(i, q.dataUpdatedAt);
      store.seed(q.data.items.filter(isQuestionItem).map((it) => ({ id: it.id, response: it.response, seq: it.seq })));
    });
  });

  const questions = useMemo(
    () =>
      questionsOf(
        sections.flatMap((q, i) => (q.data ? [{ page: i + 1, items: q.data.items }] : [])),
        content.minimum_response,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [sections.map((q) => q.dataUpdatedAt).join(","), content.minimum_response],
  );

  // --- the clock -------------------------------------------------------------------------------
  const heartbeat = useHeartbeat(id, true);
  const timed = content.time_limit !== null;
  const reading = latestReading([
    timed ? { remainingMs: content.time_limit!, at: contentReadAt } : null,
    ...sections.map((q): ClockReading | null => (q.data && q.data.time_limit !== null ? { remainingMs: q.data.time_limit, at: q.dataUpdatedAt } : null)),
    store.remainingMs !== null && store.remainingAt !== null ? { remainingMs: store.remainingMs, at: store.remainingAt } : null,
    heartbeat,
  ]);
  const stableReading = useMemo(() => (timed && reading ? reading : null), [timed, reading?.at, reading?.remainingMs]); // eslint-disable-line react-hooks/exhaustive-deps
  const remaining = useCountdown(stableReading);
  const timeOver = (timed && remaining === 0) || store.timeOver;

  const [warned, setWarned] = useState(false);
  const [fiveOpen, setFiveOpen] = useState(false);
  useEffect(() => {
    if (remaining !== null && !timeOver && warningDue(remaining, warned)) {
      setWarned(true);
      setFiveOpen(true);
    }
  }, [remaining, warned, timeOver]);

  // --- submit ----------------------------------------------------------------------------------
  const [warnings, setWarnings] = useState<UnansweredWarning[] | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const secondsTaken = () =>
    show.timeLimit !== null && remaining !== null ? secondsUsed(show.timeLimit, remaining) : Math.round((Date.now() - mountedAt.current) / 1000);
  // The receipt checked against this browser's own journal and answers (issue 27), before the Thank You shows it.
  const submitAndCheck = async (): Promise<Receipt> => {
    const checking = loadReceiptCheck();
    checking.catch(() => undefined);
    const out = await store.submit(secondsTaken());
    const unchecked = { state: "unchecked" as const };
    const check = await checking
      .then(({ answersInOrder, checkReceipt }) => checkReceipt(out.receipt, store.journal.finishedRecord, answersInOrder(sections.map((q) => q.data?.items), store.get)))
      .catch(() => unchecked);
    return { ...out, check };
  };
  const submit = useSubmitTest(
    id,
    submitAndCheck,
    () => setConfirmOpen(false),
    onFinished,
  );
  const submitReason = useReason(submit.error);

  // Time is over: the answers go in as they are, without the warnings or the confirmation.
  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (!timeOver || autoSubmitted.current) return;
    autoSubmitted.current = true;
    setFiveOpen(false);
    setWarnings(null);
    setConfirmOpen(false);
    submit.mutate();
  }, [timeOver, submit]);

  function requestSubmit() {
    const found = unansweredWarnings(questions, store.get);
    if (found.length) setWarnings(found);
    else setConfirmOpen(true);
  }

  // --- moving around ---------------------------------------------------------------------------
  // Starts as a move to the first page: after Start the focus goes to the page's title, not the body.
  const focusAfterMove = useRef<{ question?: string } | null>({});
  function go(to: Place, question?: Question) {
    focusAfterMove.current = question ? { question: question.id } : {};
    setPlace(to);
  }
  useEffect(() => {
    const want = focusAfterMove.current;
    if (!want) return;
    // The jump target may still be loading; try again on the next render.
    const target = want.question ? focusTarget(want.question) : document.getElementById(place.kind === "review" ? "review-title" : "page-title");
    if (!target) return;
    focusAfterMove.current = null;
    if (!want.question) window.scrollTo({ top: 0 });
    target.focus({ preventScroll: !want.question });
    if (want.question) document.getElementById(itemAnchor(want.question))?.scrollIntoView({ block: "start" });
  });

  // Once the review screen is here, the focus effect above runs again: a move to the review made
  // before it arrived gives its title the focus then.
  const [, setReviewHere] = useState(false);
  useEffect(() => void afterFirstScreen().then(reviewScreen).then(() => setReviewHere(true), () => undefined), []);

  // Once the answers are here, the page of the newest one, if the server placed the candidate elsewhere
  // (a save sent as the page was reloaded can reach it after it answered) and they have not moved yet.
  const firstPlace = useRef(place);
  const resumedAtNewest = useRef(false);
  useEffect(() => {
    if (resumedAtNewest.current || !store.ready || sections.some((q) => !q.data)) return;
    resumedAtNewest.current = true;
    const page = newestAnswerPage(questions, store.seqOf);
    if (page !== null && place === firstPlace.current && place.kind === "page" && page !== place.page) go({ kind: "page", page });
  });

  const moves = movesAt(place, pageCount, content.answer_review);
  const pageQuery = place.kind === "page" ? sections[place.page - 1] : null;

  if (!store.ready) return <FlowLoader />;
  if (submit.isSuccess) return <FlowLoader label={t("takingFlow.submit.submitting")} />;

  return (
    <Stack gap="lg">
      <ProgressBox content={content} place={place} pageCount={pageCount} remainingMs={remaining} store={store} />

      {timeOver && (
        <Alert color="orange" variant="light" role="status">
          {t("takingFlow.submit.timeOver")}
        </Alert>
      )}
      <DeliveryFileOffer store={store} pastDeadline={timeOver} />
      {submit.isError && (
        <Alert color="red" variant="light" role="alert" title={t("takingFlow.errors.submitFailure")}>
          {submitReason && <Text size="sm">{t("takingFlow.errors.reason", { reason: submitReason })}</Text>}
          <Button variant="white" color="red" size="xs" mt="xs" onClick={() => submit.mutate()}>
            {t("ui.retry")}
          </Button>
        </Alert>
      )}

      {place.kind === "review" ? (
        <Suspense fallback={<FlowLoader />}>
          <ReviewScreen questions={questions} answerOf={store.get} onJump={(q) => go({ kind: "page", page: q.page }, q)} />
        </Suspense>
      ) : pageQuery?.isError && !pageQuery.data ? (
        <Alert color="red" variant="light" role="alert" title={t("takingFlow.errors.sectionFailure")}>
          <Button variant="white" color="red" size="xs" mt="xs" onClick={() => void pageQuery.refetch()} loading={pageQuery.isFetching}>
            {t("ui.retry")}
          </Button>
        </Alert>
      ) : pageQuery?.data ? (
        <SectionPage section={pageQuery.data} content={content} lang={show.languageCode} pageCount={pageCount} store={store} />
      ) : (
        <FlowLoader />
      )}

      <Group component="nav" aria-label={t("takingFlow.nav.label")} gap="sm" justify="space-between">
        <Group gap="sm">
          {moves.previous && (
            <Button variant="default" onClick={() => go(previousOf(place, pageCount))}>
              {t("takingFlow.nav.previous")}
            </Button>
          )}
          {moves.next && <Button onClick={() => go(nextOf(place, pageCount))}>{t("takingFlow.nav.next")}</Button>}
        </Group>
        <Group gap="sm">
          {moves.review && (
            <Button variant="light" onClick={() => go({ kind: "review" })}>
              {t("takingFlow.nav.review")}
            </Button>
          )}
          {moves.submit && (
            <Button onClick={requestSubmit} loading={submit.isPending} disabled={timeOver}>
              {place.kind === "review" ? t("takingFlow.nav.submitReview") : t("takingFlow.nav.submit")}
            </Button>
          )}
        </Group>
      </Group>

      <Suspense fallback={null}>
        <FiveMinutesDialog opened={fiveOpen} onClose={() => setFiveOpen(false)} />
        <UnansweredDialog
          warnings={warnings}
          onBack={() => setWarnings(null)}
          onContinue={() => {
            setWarnings(null);
            setConfirmOpen(true);
          }}
        />
        <ConfirmSubmitDialog opened={confirmOpen} submitting={submit.isPending} onCancel={() => setConfirmOpen(false)} onConfirm={() => submit.mutate()} />
      </Suspense>
    </Stack>
  );
}

/** The control a jump lands on: the chosen radio (or the first), else the text field, else a QTI item's first control. */
function focusTarget(itemId: string): HTMLElement | null {
  const block = document.getElementById(itemAnchor(itemId));
  if (!block) return null;
  return block.querySelector<HTMLElement>("input:checked") ?? block.querySelector<HTMLElement>("input:not([disabled]), textarea, select, button:not([disabled])");
}
