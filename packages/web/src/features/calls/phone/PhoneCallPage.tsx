import { useState, type FormEvent } from "react";
import { useParams } from "react-router";
import { Alert, Button, Paper, Stack, Text } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { phoneCallMessages, phoneCallRoutes, type PhoneCallAnswer, type TestsCallView } from "@parlance/contract";
import { call } from "../../../api/client";
import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { RemoteData } from "../../../ui/RemoteData";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { PhoneNumberField, type PhoneNumberValue } from "./PhoneNumberField";
import { checkPhone, initialPhone } from "./phone-check";

const catalogs = { "phoneCalls.messages": phoneCallMessages };

/**
 * The phone (IVR) call screen, /testing/tests/{id}/call (spec §2, §4): the candidate enters the
 * number to be called at, with its country; Call asks for the call (requesting), then "you will
 * receive a call shortly", or the error state.
 */
export default function PhoneCallPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const id = Number(useParams().id);
  const startup = useQuery({ queryKey: ["phone-call", id], queryFn: () => call(phoneCallRoutes.callStartup, {}, { id }), enabled: Number.isInteger(id) && id > 0, retry: false });
  return (
    <>
      <PageHeader title={t("phoneCalls.page.title")} breadcrumbs={[home, testing, { label: t("phoneCalls.page.takeTest"), to: `/testing/tests/${id}` }]} />
      <RemoteData query={startup} errorTitle={t("phoneCalls.page.loadFailure")}>
        {(data) => <CallForm data={data} />}
      </RemoteData>
    </>
  );
}

function CallForm({ data }: { data: TestsCallView }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(catalogs);
  const [phone, setPhone] = useState<PhoneNumberValue>(() => initialPhone(data.phoneNumber));
  const [problem, setProblem] = useState<"numberRequired" | "badNumber" | null>(null);
  const [calledAt, setCalledAt] = useState("");
  const request = useMutation<PhoneCallAnswer, unknown, string>({
    mutationFn: (number) => call(phoneCallRoutes.requestCall, { iso_code: phone.iso, phone_number: number, assigned_test_id: data.assignedTestId }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (request.isPending) return;
    const checked = checkPhone(phone);
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    setCalledAt(checked.number.international);
    request.mutate(checked.number.e164);
  };

  const answered = request.data;
  const failed = request.isError || (answered && !answered.success);
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} maw={720}>
      <form onSubmit={submit} noValidate aria-describedby="phone-call-lead">
        <Stack gap="md">
          <Text fw={700} fz="lg">
            {data.testDescription}
          </Text>
          <Text id="phone-call-lead">{t("phoneCalls.page.lead", { language: data.language })}</Text>
          <PhoneNumberField
            idPrefix="phone-call"
            value={phone}
            onChange={(v) => {
              setPhone(v);
              setProblem(null);
            }}
            error={problem ? t(`phoneCalls.messages.${problem}`) : null}
          />
          <Text size="sm" c="gray.7">
            {t("phoneCalls.page.accessCode", { code: data.accessCode })}
          </Text>
          <div>
            <Button type="submit" loading={request.isPending} disabled={answered?.success === true}>
              {t("phoneCalls.call")}
            </Button>
          </div>
          <div aria-live="polite">
            {request.isPending && <Text role="status">{t("phoneCalls.requesting")}</Text>}
            {answered?.success && (
              <Alert color="blue" variant="light" role="status" title={t("phoneCalls.messages.callRequested")}>
                {t("phoneCalls.page.willCall", { number: calledAt })}
              </Alert>
            )}
            {failed && (
              <Alert color="red" variant="light" role="alert" title={t("phoneCalls.messages.startError")}>
                {request.isError ? errorText(request.error) : t("phoneCalls.page.tryAgain")}
              </Alert>
            )}
          </div>
        </Stack>
      </form>
    </Paper>
  );
}
