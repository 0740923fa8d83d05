import { useState, type FormEvent } from "react";
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { phoneCallMessages } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { useStartup } from "../../../ui/startup";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { PhoneNumberField, type PhoneNumberValue } from "../../../ui/phone/PhoneNumberField";
import { checkPhone, initialPhone } from "../../../ui/phone/phoneCheck";
import { useCallCandidate } from "./queries";

const catalogs = { "phoneCalls.messages": phoneCallMessages };

/**
 * The call-candidate dialog (spec §2, §4): the administrator enters the candidate's number with its
 * country; states none, number required, confirm call (yes or no); then the call request runs and
 * success ('The test has been assigned.') or failure ('The test could not be assigned.') is shown.
 */
export function CallCandidateDialog({ assignedTestId, testDescription, opened, onClose }: { assignedTestId: number; testDescription: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t("phoneCalls.dialog.title")} size="lg" closeButtonProps={{ "aria-label": t("ui.close") }}>
      {/* A fresh form each time it opens: no state of the last call lingers. */}
      {opened && <CallCandidateForm assignedTestId={assignedTestId} testDescription={testDescription} onClose={onClose} />}
    </Modal>
  );
}

function CallCandidateForm({ assignedTestId, testDescription, onClose }: { assignedTestId: number; testDescription: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { account } = useStartup().startup;
  const errorText = useApiErrorText(catalogs);
  const [phone, setPhone] = useState<PhoneNumberValue>(() => initialPhone(""));
  const [state, setState] = useState<"none" | "numberRequired" | "badNumber" | "confirm">("none");
  const [number, setNumber] = useState<{ e164: string; international: string } | null>(null);
  const request = useCallCandidate(account?.id ?? 0, assignedTestId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkPhone(phone);
    if (!checked.ok) {
      setState(checked.problem);
      return;
    }
    setNumber(checked.number);
    setState("confirm");
  };

  if (request.isSuccess || request.isError) {
    const ok = request.isSuccess && request.data.success;
    return (
      <Stack gap="md">
        <Alert color={ok ? "blue" : "red"} variant="light" role={ok ? "status" : "alert"} title={ok ? t("phoneCalls.messages.assigned") : t("phoneCalls.messages.notAssigned")}>
          {ok ? t("phoneCalls.dialog.calling", { number: number?.international ?? "" }) : request.isError ? errorText(request.error) : t("phoneCalls.page.tryAgain")}
        </Alert>
        <Group justify="flex-end">
          {!ok && (
            <Button variant="default" onClick={() => request.reset()}>
              {t("phoneCalls.dialog.back")}
            </Button>
          )}
          <Button onClick={onClose} data-autofocus>
            {t("ui.close")}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (state === "confirm" && number) {
    return (
      <Stack gap="md">
        <Text>{t("phoneCalls.dialog.confirm", { number: number.international, test: testDescription })}</Text>
        {request.isPending && <Text role="status">{t("phoneCalls.requesting")}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setState("none")} disabled={request.isPending}>
            {t("phoneCalls.dialog.no")}
          </Button>
          <Button onClick={() => request.mutate(number.e164)} loading={request.isPending} data-autofocus>
            {t("phoneCalls.dialog.yes")}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{t("phoneCalls.dialog.lead", { test: testDescription })}</Text>
        <PhoneNumberField
          idPrefix={`call-candidate-${assignedTestId}`}
          value={phone}
          onChange={(v) => {
            setPhone(v);
            setState("none");
          }}
          error={state === "numberRequired" || state === "badNumber" ? t(`phoneCalls.messages.${state}`) : null}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("ui.cancel")}
          </Button>
          <Button type="submit">{t("phoneCalls.call")}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The button that opens the dialog, for a phone test the administrator may call the candidate for. */
export function CallCandidateButton({ assignedTestId, testDescription }: { assignedTestId: number; testDescription: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => setOpened(true)} aria-label={t("phoneCalls.dialog.open", { test: testDescription })}>
        {t("phoneCalls.dialog.button")}
      </Button>
      <CallCandidateDialog assignedTestId={assignedTestId} testDescription={testDescription} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
