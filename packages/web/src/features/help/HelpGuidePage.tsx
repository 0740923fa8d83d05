import { useEffect, useState } from "react";
import { Accordion, Alert, Group, List, Loader, Stack, Text } from "@mantine/core";
import { useLocation } from "react-router";
import { useTranslation } from "../../i18n";
import { useStartup } from "../../ui/startup";
import { PageHeader } from "../../ui/PageHeader";
import { CopyLinkButton } from "./CopyLinkButton";
import { Screenshots } from "./ScreenshotLightbox";
import { useGuideContent } from "./useGuideContent";
import { GUIDE_SECTIONS, shotUrl, type Guide, type SectionId } from "./guide/sections";
import type { GuideContent, GuideSection } from "./guide/content";

/** Spec §9: a deep link's section is scrolled to 300 ms after it opens. */
export const SCROLL_DELAY_MS = 300;

const anchorOf = (id: SectionId) => `section-${id}`;

/**
 * /help/administrator and /help/candidate: the guide's sections as an accordion. A link to
 * `#<section>` opens that section and scrolls to it; each section's link can be copied.
 */
export function HelpGuidePage({ guide }: { guide: Guide }) {
  const { t } = useTranslation();
  const { language } = useStartup();
  const state = useGuideContent(language);
  const title = t(`help.guides.${guide}.title`);
  return (
    <>
      <PageHeader title={title} breadcrumbs={[{ label: t("nav.home"), to: "/" }, { label: t("help.title"), to: "/help/" }]} />
      <Stack gap="md" maw={960}>
        <Text>{t(`help.guides.${guide}.intro`)}</Text>
        {state.status === "loading" && <Loader aria-label={t("help.loading")} />}
        {state.status === "failed" && (
          <Alert color="red" variant="light" role="alert">
            {t("help.loadFailed")}
          </Alert>
        )}
        {state.status === "loaded" && <GuideSections guide={guide} content={state.content} language={language} />}
      </Stack>
    </>
  );
}

/** The screenshots are of the guide's language: each language's screens are shown in it. */
function GuideSections({ guide, content, language }: { guide: Guide; content: GuideContent; language: string }) {
  const { hash, pathname } = useLocation();
  const sections = GUIDE_SECTIONS[guide];
  const [opened, setOpened] = useState<string[]>([]);

  // A deep link (#assigning-test): open that section, then bring it into view once it has opened.
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ""));
    if (!sections.some((s) => s.id === id)) return;
    setOpened((o) => (o.includes(id) ? o : [...o, id]));
    const timer = setTimeout(() => {
      const item = document.getElementById(anchorOf(id as SectionId));
      item?.scrollIntoView({ behavior: "smooth", block: "start" });
      item?.querySelector<HTMLButtonElement>("button[aria-expanded]")?.focus({ preventScroll: true });
    }, SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hash, sections]);

  return (
    <Accordion multiple value={opened} onChange={setOpened} variant="separated" chevronPosition="left">
      {sections.map(({ id, shots }) => {
        const section = content[guide === "candidate" ? "candidate" : "sections"][id] ?? content.sections[id];
        return (
          <Accordion.Item key={id} value={id} id={anchorOf(id)} style={{ scrollMarginTop: 72 }}>
            <Group gap={4} wrap="nowrap" pr="xs">
              <Accordion.Control style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} component="h2" fz="md" m={0}>
                  {section.title}
                </Text>
              </Accordion.Control>
              <CopyLinkButton url={`${window.location.origin}${pathname}#${id}`} title={section.title} />
            </Group>
            <Accordion.Panel>
              <SectionBody section={section} />
              <Screenshots shots={shots.map((shot) => ({ src: shotUrl(language, shot), caption: content.shots[shot] }))} />
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}

/** Paragraphs, with "1. …" steps as a numbered list. */
function SectionBody({ section }: { section: GuideSection }) {
  const steps = section.body.filter((p) => /^\d+\.\s/.test(p));
  const notes = section.body.filter((p) => !/^\d+\.\s/.test(p));
  return (
    <Stack gap="xs">
      {steps.length > 0 && (
        <List type="ordered" spacing={4}>
          {steps.map((s) => (
            <List.Item key={s}>{s.replace(/^\d+\.\s/, "")}</List.Item>
          ))}
        </List>
      )}
      {notes.map((p) => (
        <Text key={p}>{p}</Text>
      ))}
    </Stack>
  );
}
