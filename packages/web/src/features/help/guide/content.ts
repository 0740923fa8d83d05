import type { SectionId, ShotName } from "./sections";

/**
 * One language's help guide: a document read on the help pages only, so it is a module of its own
 * loaded with them (guide/<language>.ts) rather than strings every screen downloads. The type keeps
 * the three languages' sections and captions in step.
 */
export interface GuideSection {
  title: string;
  /** Paragraphs; a paragraph starting "1. " etc. is a step of a numbered list. */
  body: readonly string[];
}

export interface GuideContent {
  sections: Record<SectionId, GuideSection>;
  /** Where the candidate guide says something else than the administrator guide. */
  candidate: Partial<Record<SectionId, GuideSection>>;
  /** Each screenshot's description: its alternative text and the lightbox's caption. */
  shots: Record<ShotName, string>;
}
