import { useState } from "react";
import { Button, FileInput, Group, Modal, Stack, Tabs, Text, Textarea } from "@mantine/core";
import { PAPER_RESPONSES_MAX } from "@parlance/contract";
import { useTranslation } from "../../i18n";
import { FormError } from "../../ui/FormError";
import { notifyResult } from "../../ui/form";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { PAPER_CATALOGS } from "./AlertPage";
import { useReceivePaperTest } from "./queries";

export interface ReceivingTest {
  id: number;
  test: string;
  candidate: string;
}

/**
 * Marks an outstanding paper test received: the scanned responses (a PDF) or the responses typed
 * in. The server routes the test to an evaluator as it does an online submission.
 */
export function ReceiveDialog({ test, onClose, onReceived }: { test: ReceivingTest | null; onClose: () => void; onReceived: () => void }) {
  const { t } = useTranslation();
  const errorText = useApiErrorText(PAPER_CATALOGS);
  const [tab, setTab] = useState<string | null>("scan");
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState("");
  const [missing, setMissing] = useState<string | null>(null);
  const receive = useReceivePaperTest({ tab, file, text }, {
    onSuccess: (r) => {
      notifyResult(t("paper.messages.received", { defaultValue: r.message }), true);
      setFile(null);
      setText("");
      onReceived();
    },
  });
  const close = () => {
    receive.reset();
    setMissing(null);
    onClose();
  };

  return (
    <Modal opened={test !== null} onClose={close} title={t("paper.receive.title")} size="lg" closeButtonProps={{ "aria-label": t("ui.close") }}>
      {test && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const problem = tab === "scan" ? (file ? null : t("paper.messages.fileRequired")) : text.trim() ? null : t("paper.messages.responsesRequired");
            setMissing(problem);
            if (!problem) receive.mutate(test.id);
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t("paper.receive.lead", { test: test.test, candidate: test.candidate })}</Text>
            <Tabs value={tab} onChange={(v) => { setTab(v); setMissing(null); }}>
              <Tabs.List>
                <Tabs.Tab value="scan">{t("paper.receive.scanTab")}</Tabs.Tab>
                <Tabs.Tab value="enter">{t("paper.receive.enterTab")}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="scan" pt="md">
                <FileInput
                  label={t("paper.receive.scan")}
                  accept="application/pdf,.pdf"
                  value={file}
                  onChange={(f) => { setFile(f); setMissing(null); }}
                  clearable
                  error={tab === "scan" ? missing : undefined}
                />
              </Tabs.Panel>
              <Tabs.Panel value="enter" pt="md">
                <Textarea
                  label={t("paper.receive.responses")}
                  autosize
                  minRows={6}
                  maxRows={16}
                  maxLength={PAPER_RESPONSES_MAX}
                  value={text}
                  onChange={(e) => { setText(e.currentTarget.value); setMissing(null); }}
                  error={tab === "enter" ? missing : undefined}
                />
              </Tabs.Panel>
            </Tabs>
            <FormError message={receive.isError ? errorText(receive.error) : null} />
            <Group justify="flex-end" gap="sm">
              <Button variant="subtle" onClick={close}>
                {t("paper.receive.cancel")}
              </Button>
              <Button type="submit" loading={receive.isPending}>
                {t("paper.receive.submit")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
