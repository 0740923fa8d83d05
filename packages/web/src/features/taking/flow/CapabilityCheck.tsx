import { useState } from "react";
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../../i18n";
import type { TestShowView } from "@parlance/contract";
import { canPlaySound, playSampleTone } from "./sampleTone";
import { textSamples } from "./textSamples";
import { useFocusOnMount } from "./useFocusOnMount";
import classes from "./TextSamples.module.css";

/**
 * Capability verification (spec §2, §4): before the prelude the candidate plays a sample sound and
 * confirms hearing it, and confirms that text samples in the test's languages (right-to-left and
 * Chinese included) read correctly.
 */
export function CapabilityCheck({ show, onDone }: { show: TestShowView; onDone: () => void }) {
  const { t } = useTranslation();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [playing, setPlaying] = useState(false);
  const [played, setPlayed] = useState(false);
  const [soundFailed, setSoundFailed] = useState(!canPlaySound());
  const [heard, setHeard] = useState(false);
  const [readable, setReadable] = useState(false);
  const samples = textSamples(show.language);

  async function play() {
    setPlaying(true);
    try {
      await playSampleTone();
      setPlayed(true);
    } catch {
      setSoundFailed(true);
    } finally {
      setPlaying(false);
    }
  }

  return (
    <Stack gap="md" maw={760}>
      <Title order={2} size="h3" ref={heading} tabIndex={-1}>
        {t("takingStages.capability.title")}
      </Title>
      <Text>{t("takingStages.capability.lead")}</Text>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="capability-sound">
        <Stack gap="sm">
          <Title order={3} size="h4" id="capability-sound">
            {t("takingStages.capability.audioHeading")}
          </Title>
          <Text size="sm">{t("takingStages.capability.audioHelp")}</Text>
          {soundFailed ? (
            <Alert color="red" variant="light" role="alert">
              {t("takingStages.capability.noAudio")}
            </Alert>
          ) : (
            <Group>
              <Button variant="light" onClick={() => void play()} loading={playing} loaderProps={{ "aria-label": t("takingStages.capability.playing") }}>
                {t("takingStages.capability.play")}
              </Button>
            </Group>
          )}
          <Checkbox label={t("takingStages.capability.heard")} checked={heard} onChange={(e) => setHeard(e.currentTarget.checked)} />
          {played && !heard && (
            <Text size="sm" c="gray.7">
              {t("takingStages.capability.notHeardHelp")}
            </Text>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="capability-text">
        <Stack gap="sm">
          <Title order={3} size="h4" id="capability-text">
            {t("takingStages.capability.textHeading")}
          </Title>
          <Text size="sm">{t("takingStages.capability.textHelp")}</Text>
          <table className={classes.table} aria-label={t("takingStages.capability.samplesLabel")}>
            <tbody>
              {samples.map((s) => (
                <tr key={s.lang}>
                  <th scope="row">
                    {s.labelKey.startsWith("takingFlow.") ? t(s.labelKey) : t("takingStages.capability.testLanguage", { language: s.labelKey })}
                  </th>
                  <td lang={s.lang} dir={s.dir}>
                    {s.text}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Checkbox label={t("takingStages.capability.readsCorrectly")} checked={readable} onChange={(e) => setReadable(e.currentTarget.checked)} />
        </Stack>
      </Paper>

      <Group>
        <Button onClick={onDone} disabled={!(heard && readable)} aria-describedby={heard && readable ? undefined : "capability-confirm"}>
          {t("takingStages.capability.continue")}
        </Button>
        {!(heard && readable) && (
          <Text size="sm" c="gray.7" id="capability-confirm">
            {t("takingStages.capability.confirmBoth")}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
