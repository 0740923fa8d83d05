import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Button, Select, Stack, Text } from "@mantine/core";
import { LANGUAGES, type Language, type PhoneCallAnswer } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { useStartup } from "../startup";
import { useApiErrorText } from "../useApiErrorText";
import { PhoneNumberField, type PhoneNumberValue } from "./PhoneNumberField";
import { checkPhone, initialPhone } from "./phoneCheck";
import { useRequestPhoneCall } from "./queries";

/**
 * The phone call request (candidate spec §2 phone call screen, §3 `iso_code, phone_number,
 * prompt_language_id, assigned_test_id`, §4 requesting → "you will receive a call shortly", or the
 * error state): the number with its country, the language the call says its own instructions in
 * (the interface language to start with), and Call. The phone call screen (features/calls) and the
 * phone-plus-online prelude and Thank You (features/taking) both use it.
 */
export function PhoneCallForm({
  assignedTestId,
  idPrefix,
  initialNumber = "",
  lead,
  footer,
  onRequested,
}: {
  assignedTestId: number;
  idPrefix: string;
  initialNumber?: string;
  /** Above the number (the form is described by it). */
  lead?: ReactNode;
  /** Between the fields and Call (an access code, say). */
  footer?: ReactNode;
  onRequested?: (answer: PhoneCallAnswer) => void;
}) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const errorText = useApiErrorText();
  const [phone, setPhone] = useState<PhoneNumberValue>(() => initialPhone(initialNumber));
  const [promptLanguage, setPromptLanguage] = useState<Language>(language);
  const [problem, setProblem] = useState<"numberRequired" | "badNumber" | null>(null);
  const [calledAt, setCalledAt] = useState("");
  const request = useRequestPhoneCall(phone.iso, promptLanguage, assignedTestId, onRequested);

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
  const leadId = `${idPrefix}-lead`;
  return (
    <form onSubmit={submit} noValidate aria-describedby={lead ? leadId : undefined}>
      <Stack gap="md">
        {lead && <div id={leadId}>{lead}</div>}
        <PhoneNumberField
          idPrefix={idPrefix}
          value={phone}
          onChange={(v) => {
            setPhone(v);
            setProblem(null);
          }}
          error={problem ? t(`phoneCallLink.form.${problem}`) : null}
        />
        <Select
          id={`${idPrefix}-prompt-language`}
          label={t("phoneCallLink.form.promptLanguage")}
          description={t("phoneCallLink.form.promptLanguageHint")}
          data={LANGUAGES.map((l) => ({ value: l, label: t(`languages.native.${l}`) }))}
          value={promptLanguage}
          onChange={(v) => v && setPromptLanguage(v as Language)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          w={{ base: "100%", sm: 260 }}
        />
        {footer}
        <div>
          <Button type="submit" loading={request.isPending} disabled={answered?.success === true}>
            {t("phoneCallLink.form.call")}
          </Button>
        </div>
        <div aria-live="polite">
          {request.isPending && <Text role="status">{t("phoneCallLink.form.requesting")}</Text>}
          {answered?.success && (
            <Alert color="blue" variant="light" role="status" title={t("phoneCallLink.form.callRequested")}>
              {t("phoneCallLink.form.willCall", { number: calledAt })}
            </Alert>
          )}
          {failed && (
            <Alert color="red" variant="light" role="alert" title={t("phoneCallLink.form.startError")}>
              {request.isError ? errorText(request.error) : t("phoneCallLink.form.tryAgain")}
            </Alert>
          )}
        </div>
      </Stack>
    </form>
  );
}
