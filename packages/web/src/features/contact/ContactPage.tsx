import { useState, type FormEvent } from "react";
import { Alert, Anchor, Button, Card, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, Title } from "@mantine/core";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_PURPOSES,
  CONTACT_RECIPIENTS,
  CONTACT_TOPIC_NAMES,
  contactMessages,
  contactRoutes,
  purposeOfTopic,
  type ContactTopic,
} from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { call } from "../../api/client";
import { PageHeader } from "../../ui/PageHeader";
import { useStandardCrumbs } from "../../ui/Breadcrumbs";
import { FormError } from "../../ui/FormError";
import { useApiErrorText } from "../../ui/useApiErrorText";

const catalogs = { "contact.messages": contactMessages };
const telOf = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, "")}`;

/**
 * /contact (evaluators-results-account.md §2, §3, §5, §8): the six recipients with their email and
 * telephone, and a message form. The person picks a topic; the purpose (the recipient the message
 * goes to) is derived from it and shown before sending. The message is required.
 */
export default function ContactPage() {
  const { t } = useTranslation();
  const { home } = useStandardCrumbs();
  const errorText = useApiErrorText(catalogs);
  const [topic, setTopic] = useState<ContactTopic | "">("");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<{ topic?: string; message?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const purpose = topic ? purposeOfTopic(topic) : null;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const found = {
      topic: purpose ? undefined : t("contact.messages.purposeRequired"),
      message: message.trim() ? undefined : t("contact.messages.messageRequired"),
    };
    setErrors(found);
    if (found.topic || found.message || !purpose) return;
    setBusy(true);
    try {
      await call(contactRoutes.sendRequest, { message, purpose });
      setSent(true);
      setMessage("");
      setTopic("");
    } catch (err) {
      // The route's §8 failure ('An error occurred while attempting to send your message.') or the server's own message.
      setFormError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader title={t("contact.title")} breadcrumbs={[home]} />
      <Stack gap="lg" maw={900}>
        <Text>{t("contact.intro")}</Text>
        <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="contact-form-title">
          <Title order={2} size="h3" id="contact-form-title" mb="md">
            {t("contact.formHeading")}
          </Title>
          <form onSubmit={onSubmit} noValidate aria-busy={busy}>
            <Stack gap="md">
              {sent && (
                <Alert color="green" variant="light" role="status">
                  {t("contact.messages.sent")}
                </Alert>
              )}
              <NativeSelect
                label={t("contact.topic")}
                value={topic}
                onChange={(e) => {
                  setTopic(e.currentTarget.value as ContactTopic | "");
                  setSent(false);
                }}
                error={errors.topic}
                required
                data={[{ value: "", label: t("contact.chooseTopic") }, ...CONTACT_TOPIC_NAMES.map((name) => ({ value: name, label: t(`contact.topics.${name}`) }))]}
              />
              {purpose && (
                <Text size="sm" aria-live="polite">
                  {t("contact.goesTo", { recipient: t(`contact.recipients.${purpose}`) })}
                </Text>
              )}
              <Textarea
                label={t("contact.message")}
                value={message}
                onChange={(e) => {
                  setMessage(e.currentTarget.value);
                  setSent(false);
                }}
                error={errors.message}
                required
                maxLength={CONTACT_MESSAGE_MAX}
                autosize
                minRows={5}
              />
              <FormError message={formError} />
              <Button type="submit" loading={busy} style={{ alignSelf: "flex-start" }}>
                {t("contact.send")}
              </Button>
            </Stack>
          </form>
        </Paper>
        <section aria-labelledby="contact-recipients">
          <Title order={2} size="h3" id="contact-recipients" mb="xs">
            {t("contact.recipientsHeading")}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {CONTACT_PURPOSES.map((p) => (
              <Card key={p} withBorder padding="md">
                <Title order={3} size="h4">
                  {t(`contact.recipients.${p}`)}
                </Title>
                <Text size="sm">
                  {t("contact.phone")}: <Anchor href={telOf(CONTACT_RECIPIENTS[p].phone)}>{CONTACT_RECIPIENTS[p].phone}</Anchor>
                </Text>
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {t("contact.email")}: <Anchor href={`mailto:${CONTACT_RECIPIENTS[p].email}`}>{CONTACT_RECIPIENTS[p].email}</Anchor>
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </section>
      </Stack>
    </>
  );
}
