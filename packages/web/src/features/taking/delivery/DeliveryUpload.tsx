import { useState } from "react";
import { Alert, Button, FileInput, Group, List, Modal, Stack, Text } from "@mantine/core";
import { deliveryMessages, DELIVERY_EXTENSION, DELIVERY_GRACE_SECONDS, type DeliveryOutput } from "@parlance/contract";
import { useTranslation } from "../../../i18n";
import { useApiErrorText } from "../../../ui/useApiErrorText";
import { useDeliverFile } from "./queries";

const CATALOGS = { "taking.delivery.messages": deliveryMessages };

/**
 * "Upload answers file" (issue 27): the candidate's sealed answers file (.parlance) uploaded for
 * one test by its proctor, the account administrator or the candidate. Says what the server did:
 * answers merged, events already held, events after the deadline held for review, submitted.
 */
export function DeliveryUploadButton({ assignedTestId, test }: { assignedTestId: number; test: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="subtle" size="compact-sm" onClick={() => setOpen(true)} aria-label={t("taking.delivery.upload.buttonFor", { test })}>
        {t("taking.delivery.upload.button")}
      </Button>
      {open && <DeliveryUploadDialog assignedTestId={assignedTestId} test={test} onClose={() => setOpen(false)} />}
    </>
  );
}

function DeliveryUploadDialog({ assignedTestId, test, onClose }: { assignedTestId: number; test: string; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(CATALOGS);
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const deliver = useDeliverFile();
  return (
    <Modal opened onClose={onClose} title={t("taking.delivery.upload.title")} closeButtonProps={{ "aria-label": t("ui.close") }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setMissing(!file);
          if (file) deliver.mutate({ id: assignedTestId, file });
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t("taking.delivery.upload.lead", { test, grace: DELIVERY_GRACE_SECONDS })}</Text>
          <FileInput
            label={t("taking.delivery.upload.file")}
            accept={DELIVERY_EXTENSION}
            value={file}
            onChange={(f) => {
              setFile(f);
              setMissing(false);
              deliver.reset();
            }}
            clearable
            clearButtonProps={{ "aria-label": t("taking.delivery.upload.clearFile") }}
            error={missing ? t("taking.delivery.upload.fileRequired") : undefined}
          />
          {deliver.isError && (
            <Alert color="red" variant="light" role="alert" title={t("taking.delivery.upload.failed")}>
              {errorText(deliver.error)}
            </Alert>
          )}
          {deliver.data && <Delivered out={deliver.data} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("ui.close")}
            </Button>
            <Button type="submit" loading={deliver.isPending}>
              {t("taking.delivery.upload.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function Delivered({ out }: { out: DeliveryOutput }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" variant="light" role="status">
      <Text fw={700} mb={4}>
        {t("taking.delivery.upload.done")}
      </Text>
      <List size="sm" spacing={2}>
        <List.Item>{t("taking.delivery.upload.merged", { count: out.merged, total: out.events })}</List.Item>
        <List.Item>{t("taking.delivery.upload.known", { count: out.known })}</List.Item>
        <List.Item>{t("taking.delivery.upload.changed", { count: out.answers_changed })}</List.Item>
        {out.held > 0 && <List.Item>{t("taking.delivery.upload.held", { count: out.held })}</List.Item>}
        {out.submitted && <List.Item>{t("taking.delivery.upload.submitted")}</List.Item>}
        {out.receipt && (
          <List.Item>
            {t("taking.delivery.upload.receipt")} <code style={{ wordBreak: "break-all" }}>{out.receipt}</code>
          </List.Item>
        )}
      </List>
    </Alert>
  );
}
