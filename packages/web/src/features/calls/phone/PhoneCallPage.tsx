import { useParams } from "react-router";
import { Paper, Stack, Text } from "@mantine/core";
import type { TestsCallView } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { PageHeader } from "../../../ui/PageHeader";
import { useStandardCrumbs } from "../../../ui/Breadcrumbs";
import { RemoteData } from "../../../ui/RemoteData";
import { PhoneCallForm } from "../../../ui/phone/PhoneCallForm";
import { usePhoneCallStartup } from "./queries";

/**
 * The phone (IVR) call screen, /testing/tests/{id}/call (spec §2, §4): the candidate enters the
 * number to be called at, with its country, and the language of the call's own instructions; Call
 * asks for the call (requesting), then "you will receive a call shortly", or the error state.
 */
export default function PhoneCallPage() {
  const { t } = useTranslation();
  const { home, testing } = useStandardCrumbs();
  const id = Number(useParams().id);
  const startup = usePhoneCallStartup(id);
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
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} maw={720}>
      <PhoneCallForm
        assignedTestId={data.assignedTestId}
        idPrefix="phone-call"
        initialNumber={data.phoneNumber}
        lead={
          <Stack gap="md">
            <Text fw={700} fz="lg">
              {data.testDescription}
            </Text>
            <Text>{t("phoneCalls.page.lead", { language: data.language })}</Text>
          </Stack>
        }
        footer={
          <Text size="sm" c="gray.7">
            {t("phoneCalls.page.accessCode", { code: data.accessCode })}
          </Text>
        }
      />
    </Paper>
  );
}
