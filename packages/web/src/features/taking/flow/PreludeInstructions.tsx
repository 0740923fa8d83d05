import { Anchor, Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import { takingPaperRoutes, type TestShowView } from "@parlance/contract";
import { hrefOf } from "../../../api/client";
import { useStartup } from "../../../ui/startup";
import { formatDateTime } from "../../../i18n/format";
import { preludeVariant } from "./stages";
import { FactList } from "./FactList";
import { Link } from "react-router";

const telHref = (number: string) => `tel:${number.replace(/[^+\d]/g, "")}`;

/**
 * What the candidate must know before this test, by method (spec §2 prelude): online, paper (the
 * PDF and the days until expiry), ivr (the number to call and the access code), live, video, and
 * phone plus online. An ivr test also offers its web call (/testing/tests/{id}/web_call) where allowed.
 */
export function PreludeInstructions({ show }: { show: TestShowView }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const variant = preludeVariant(show);
  const expiry = show.expireLength <= 0 ? t("takingStages.prelude.expiresToday") : t("takingStages.prelude.expiresIn", { count: show.expireLength });
  const appointment = show.date ? <Text>{t("takingStages.prelude.appointment", { date: formatDateTime(show.date, language) })}</Text> : null;
  const code = { label: t("takingStages.prelude.accessCode"), value: show.accessCode, mono: true };

  switch (variant) {
    case "paper":
      return (
        <Stack gap="sm">
          <Text>{t("takingStages.prelude.paper")}</Text>
          <FactList facts={[code]} />
          {/* The server refuses the PDF until the proctor steps are done: no link that would fail. */}
          {show.proctorSignatureNeeded || show.proctorPasswordNeeded ? (
            <Text fw={600}>{t("takingStages.prelude.pdfAfterProctor")}</Text>
          ) : (
            <Anchor href={hrefOf(takingPaperRoutes.pdf, { id: show.assignedTestId })} download fw={600}>
              {t("takingStages.prelude.downloadPdf")}
            </Anchor>
          )}
          <Text>{expiry}</Text>
        </Stack>
      );
    case "ivr":
      return (
        <Stack gap="sm">
          <Text>{t("takingStages.prelude.ivr")}</Text>
          {show.ivrLocalNumberTwilio ? (
            // Both numbers (spec §9): the local one and, where there is one, the toll-free one.
            <FactList
              facts={[
                { label: t("takingStages.prelude.localNumber"), value: show.ivrLocalNumberTwilio, href: telHref(show.ivrLocalNumberTwilio) },
                ...(show.ivrTollFreeNumber ? [{ label: t("takingStages.prelude.tollFreeNumber"), value: show.ivrTollFreeNumber, href: telHref(show.ivrTollFreeNumber) }] : []),
                code,
              ]}
            />
          ) : (
            <>
              <Text c="red.8">{t("takingStages.prelude.noPhoneNumber")}</Text>
              <FactList facts={[code]} />
            </>
          )}
          {/* The phone-number entry prompt (spec §2): we call the candidate for the test (features/calls/phone). */}
          {show.callCandidate && (
            <Stack gap={2}>
              <Anchor component={Link} to={`/testing/tests/${show.assignedTestId}/call`} fw={600}>
                {t("phoneCallLink.callMe")}
              </Anchor>
              <Text size="sm" c="gray.7">
                {t("phoneCallLink.callMeHint")}
              </Text>
            </Stack>
          )}
          <Text>{expiry}</Text>
          {show.allowWebIVR && show.attemptState !== "received" && (
            <Button component={Link} to={`/testing/tests/${show.assignedTestId}/web_call`} variant="light" w="fit-content">
              {t("takingStages.prelude.webCallButton")}
            </Button>
          )}
        </Stack>
      );
    case "live":
    case "video":
      return (
        <Stack gap="sm">
          <Text>{t(`takingStages.prelude.${variant}`)}</Text>
          {appointment}
          <FactList facts={[code]} />
        </Stack>
      );
    case "phoneOnline":
      return (
        <Stack gap="sm">
          <Text>{t("takingStages.prelude.phoneOnline")}</Text>
          {show.ivrLocalNumberTwilio && <FactList facts={[{ label: t("takingStages.prelude.phoneNumber"), value: show.ivrLocalNumberTwilio }, code]} />}
        </Stack>
      );
    default:
      return (
        <Stack gap="sm">
          <Text>{t("takingStages.prelude.online")}</Text>
          {show.timeLimit !== null && <Text>{t("takingStages.prelude.onlineTimed")}</Text>}
        </Stack>
      );
  }
}
