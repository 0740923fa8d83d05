import { useState, type FormEvent } from "react";
import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "../../i18n";
import { EMAIL_ADDRESS_MAX, summaryEmailAddress } from "@parlance/contract";
import { ApiCallError } from "../../api/client";
import { notifyResult } from "../../ui/form";
import { FormError } from "../../ui/FormError";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { historyCatalogs, useEmailSummary } from "./queries";

/** The email-results dialog: an address, then the summary of the chosen tests goes out as a mail job. */
export function EmailResultsDialog({ opened, ids, onClose, onSent }: { opened: boolean; ids: number[]; onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(historyCatalogs);
  const send = useEmailSummary();
  const [email, setEmail] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The same rule as the server's: a non-empty, valid address (spec §5).
    const checked = summaryEmailAddress.safeParse(email);
    if (!checked.success) {
      setInvalid(errorText(new ApiCallError(400, checked.error.issues[0]?.message ?? "")));
      return;
    }
    send.mutate(
      { email: checked.data, ids },
      {
        onSuccess: (res) => {
          notifyResult(t(res.messageKey, { defaultValue: res.message }), true);
          setEmail("");
          onSent();
        },
      },
    );
  };

  const failure =
    send.isError && send.error instanceof ApiCallError && send.error.status >= 400 && send.error.status < 500 && send.error.status !== 404
      ? errorText(send.error)
      : send.isError
        ? t("history.messages.summaryFailure")
        : null;

  return (
    <Modal opened={opened} onClose={onClose} title={t("history.email.title")} centered size="md" closeButtonProps={{ "aria-label": t("ui.close") }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t("history.email.intro", { count: ids.length })}</Text>
          <TextInput
            label={t("history.email.address")}
            type="email"
            required
            data-autofocus
            maxLength={EMAIL_ADDRESS_MAX}
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              if (invalid) setInvalid(null);
            }}
            error={invalid}
          />
          <FormError message={failure} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("ui.cancel")}
            </Button>
            <Button type="submit" loading={send.isPending} disabled={ids.length === 0}>
              {t("history.email.send")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
